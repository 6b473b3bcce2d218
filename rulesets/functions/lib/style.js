// @ts-check
// Helpers of the style rules that fit no other module: option and pattern lists, the operations
// of `paths`, and the status codes an operation answers with.

import { deref, ignoredByAuthor, isObject, specVersion } from './doc.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation} Operation */

/** A RegExp from a user-supplied source, or undefined when it does not compile. @param {unknown} source */
export function regex(source, flags = '') {
  if (typeof source !== 'string') return undefined;
  try {
    return new RegExp(source, flags);
  } catch {
    return undefined;
  }
}

/** Regexes from a list of sources (invalid ones dropped). @param {unknown} list */
export function regexList(list, flags = '') {
  return Array.isArray(list) ? /** @type {RegExp[]} */ (list.map((s) => regex(s, flags)).filter(Boolean)) : [];
}

/** @param {Path} segs */
export const pathKey = (segs) => segs.join('\u0000');

/** "GET /pets" for messages. @param {{ method: string, pathKey: string, isWebhook?: boolean }} op */
export function opLabel(op) {
  return `${op.method.toUpperCase()} ${op.pathKey}${op.isWebhook ? ' (webhook)' : ''}`;
}

/** True when the document is at least OpenAPI 3.1. @param {Json} root */
export function isOas31Plus(root) {
  const v = specVersion(root);
  return v !== undefined && v !== '3.0' && v !== '2.0';
}

/** Reads an option list, falling back to `dflt` when absent. @param {import('./types.js').RuleOptions | undefined} options @param {string} key @param {string[]} dflt @returns {string[]} */
export function optList(options, key, dflt) {
  return options && Array.isArray(options[key]) ? options[key] : dflt;
}

// Responses of operations

/**
 * Status keys of an operation's responses (as written; refs are not needed for the keys).
 * Memoised per operation entry (rules ask for them many times): shared, read only.
 */
/** @type {WeakMap<Operation, string[]>} */
const statusKeysMemo = new WeakMap();
/** @param {Operation} op */
export function statusKeys(op) {
  let keys = statusKeysMemo.get(op);
  if (keys === undefined) {
    keys = isObject(op.operation.responses) ? Object.keys(op.operation.responses) : [];
    statusKeysMemo.set(op, keys);
  }
  return keys;
}

/**
 * Does one of `keys` satisfy `want`? `want` entries: an exact code ('201'), a range key ('4XX'),
 * 'default', or a class wildcard in lower case ('5xx': any 5xx code or the 5XX range).
 * @param {string[]} keys @param {unknown[]} want
 */
export function hasStatus(keys, want) {
  for (const w of want) {
    const wl = String(w);
    if (isClassWildcard(wl)) {
      for (const k of keys) if (k[0] === wl[0] && /^[1-5](\d\d|XX)$/i.test(k)) return true;
    } else {
      const upper = wl.toUpperCase();
      for (const k of keys) if (k === wl || k.toUpperCase() === upper) return true;
    }
  }
  return false;
}

/** `1xx` … `5xx` (lower-case x): a class of codes. @param {string} w */
function isClassWildcard(w) {
  if (w.length !== 3 || w.charCodeAt(1) !== 120 || w.charCodeAt(2) !== 120) return false;
  const c = w.charCodeAt(0);
  return c >= 49 && c <= 53;
}

/** Does the operation take input beyond its path (query/header/cookie parameters or a body)? @param {Json} root @param {Operation} op */
export function hasInput(root, op) {
  if (op.operation.requestBody !== undefined) return true;
  const lists = [op.pathItem.parameters, op.operation.parameters];
  for (const l of lists) {
    if (!Array.isArray(l)) continue;
    for (const p of l) {
      const v = deref(root, p, []).value;
      if (isObject(v) && v.in !== 'path') return true;
    }
  }
  return false;
}

/**
 * Findings for operations that miss something: one per operation, or — when every one of at least
 * `minForSummary` applicable operations misses it — a single finding at `paths` describing the
 * API-wide convention (one decision to revisit, not hundreds of findings). Operations whose
 * author ignores the rule (x-apictl-ignore; `context` is the rule function's) do not count
 * towards the convention; their own findings are still returned, to be suppressed as ignored.
 * @param {Operation[]} applicable @param {Operation[]} failing @param {(op: Operation) => string} messageFor @param {(count: number) => string} summary
 * @param {import('./types.js').RuleContext | undefined} context
 * @returns {import('./types.js').Finding[]}
 */
export function perOperationOrOnce(applicable, failing, messageFor, summary, context, minForSummary = 3) {
  if (failing.length === 0) return [];
  /** @param {Operation} op */
  const perOperation = (op) => ({ message: messageFor(op), path: isObject(op.operation.responses) ? [...op.path, 'responses'] : op.path });
  const rule = context?.rule?.name;
  const root = context?.document?.data;
  /** @param {Operation} op */
  const ignored = (op) => ignoredByAuthor(root, op.path, rule);
  const ignoredOps = rule === undefined ? new Set() : new Set(applicable.filter(ignored));
  const openCount = applicable.length - ignoredOps.size;
  const openFailing = ignoredOps.size === 0 ? failing : failing.filter((op) => !ignoredOps.has(op));
  if (openFailing.length > 0 && openFailing.length === openCount && openCount >= minForSummary) {
    const once = { message: summary(openCount), path: [openFailing[0].isWebhook ? 'webhooks' : 'paths'] };
    return [once, ...failing.filter((op) => ignoredOps.has(op)).map(perOperation)];
  }
  return failing.map(perOperation);
}
