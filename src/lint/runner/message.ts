/**
 * Messages of apictl's own rules, worded as Spectral words them, so that a team moving between
 * Spectral CLI and apictl reads the same text: `{{error}}`, `{{description}}`, `{{path}}`,
 * `{{property}}` and `{{value}}` in a rule's message, and `#{{print("property")}}` /
 * `#{{print("value")}}` in the messages of Spectral's core functions. Text from the document is
 * never evaluated: any other `#{{…}}` becomes empty.
 */
import type { Path } from './select.js';

export interface MessageVars {
  property: string | number;
  error: string;
  path: string;
  description: string | null;
  value: unknown;
}

const TEMPLATE = /#?\{\{([^}\n]+)\}\}/g;

export function renderMessage(template: string, vars: MessageVars): string {
  return template.replace(TEMPLATE, (whole, identifier: string) => {
    if (whole.startsWith('#')) {
      const print = /^\s*print\((['"])(\w+)\1\)\s*$/.exec(identifier);
      return print ? printVar(print[2]!, vars) : '';
    }
    if (!Object.hasOwn(vars, identifier)) return '';
    return String((vars as unknown as Record<string, unknown>)[identifier]);
  });
}

function printVar(name: string, vars: MessageVars): string {
  if (name === 'property') return vars.property !== '' ? `"${vars.property}" property ` : 'The document ';
  if (name === 'value') return printValue(vars.value);
  if (!Object.hasOwn(vars, name)) return '';
  const v = (vars as unknown as Record<string, unknown>)[name];
  return v !== null ? String(v) : '';
}

/** A value as Spectral prints it in messages. */
export function printValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value !== null && typeof value === 'object') {
    if (Array.isArray(value)) return 'Array[]';
    if (value instanceof RegExp) return value.source;
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== null && proto !== Object.prototype && typeof (value as { constructor?: { name?: unknown } }).constructor?.name === 'string')
      return (value as { constructor: { name: string } }).constructor.name;
    return 'Object{}';
  }
  return JSON.stringify(value);
}

/** `#/a/b~1c` with the URI escaping Spectral's `{{path}}` uses. */
export function escapedPointer(path: Path): string {
  if (path.length === 0) return '#';
  return `#/${path.map((s) => (typeof s === 'number' ? s : encodeUri(s.replace(/~/g, '~0').replace(/\//g, '~1')))).join('/')}`;
}

// The characters @stoplight/json leaves as they are in a pointer (its class, character for character).
const ENCODABLE = /[^a-zA–Z0–9_.!~*'()/\-\u{D800}-\u{DFFF}]/gu;
function encodeUri(s: string): string {
  return s.replace(ENCODABLE, encodeURIComponent);
}

/** `get.operationId`, `tags[0]`, `paths['/a b']`: the dotted form of `{{property}}` for a path that does not exist. */
export function dotPath(path: Path): string {
  let out = '';
  path.forEach((seg, i) => {
    const bracket = typeof seg === 'number' ? `[${seg}]` : seg.length === 0 ? `['']` : /\s/.test(seg) ? `['${seg}']` : !Number.isNaN(Number(seg)) ? `[${seg}]` : undefined;
    out += bracket ?? `${i === 0 ? '' : '.'}${seg}`;
  });
  return out.replace(/~1/g, '/').replace(/~0/g, '~');
}
