/**
 * Finding fingerprints that survive line moves, reordering and a 2.0 → 3.x migration:
 * rule id + an anchor. Operation findings anchor on METHOD + the path template with parameter
 * names normalised; parameters on `in:name` rather than their index; everything else on its
 * pointer in the 3.x document.
 */
import * as crypto from 'node:crypto';
import { createHash } from 'node:crypto';
import { HTTP_METHODS } from '../document/model.js';

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

// A document has a few hundred path templates and thousands of findings under them.
const templates = new Map<string, string>();

function normaliseTemplate(p: string): string {
  let n = templates.get(p);
  if (n === undefined) {
    n = p.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '') || '/';
    if (templates.size < 100_000) templates.set(p, n);
  }
  return n;
}

/** The anchor of a 3.x path. */
export function anchorFor(path: string[], doc: unknown): string {
  const n = path.length;
  if (n === 0) return '';
  const top = path[0]!;
  const underPaths = top === 'paths' || top === 'webhooks';
  // The document is read only to name list entries under `parameters`: most paths have none.
  const firstParameters = path.indexOf('parameters');
  let cur: unknown = firstParameters !== -1 && firstParameters < n - 1 ? doc : undefined;
  let out = top;
  if (cur !== undefined) cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[top] : undefined;
  for (let i = 1; i < n; i++) {
    const seg = path[i]!;
    const parent = cur;
    if (cur !== undefined) cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg] : undefined;
    if (i === 1 && underPaths) {
      out += top === 'paths' ? `/${normaliseTemplate(seg)}` : `/webhook:${seg}`;
    } else if (i === 2 && underPaths && METHODS.has(seg)) {
      out += `/${seg.toUpperCase()}`;
    } else if (path[i - 1] === 'parameters' && Array.isArray(parent) && cur !== null && typeof cur === 'object') {
      const p = cur as { in?: unknown; name?: unknown; $ref?: unknown };
      out += `/${typeof p.name === 'string' ? `${String(p.in)}:${p.name}` : typeof p.$ref === 'string' ? `ref:${p.$ref}` : seg}`;
    } else {
      out += `/${seg}`;
    }
  }
  return out;
}

// One-shot hashing (Node ≥ 20.12) skips the Hash object: the same digest in less time.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

export function fingerprintFor(code: string, path: string[], doc: unknown): string {
  return fingerprintOf(code, anchorFor(path, doc));
}

/** The fingerprint of a finding of rule `code` at the path whose anchorFor is `anchor`. */
export function fingerprintOf(code: string, anchor: string): string {
  const text = `${code}\u0000${anchor}`;
  return (oneShot ? oneShot('sha256', text, 'hex') : createHash('sha256').update(text).digest('hex')).slice(0, 20);
}
