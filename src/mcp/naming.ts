/**
 * Tool names: the operationId made safe for every client (`[A-Za-z0-9_-]`, at most 64 characters
 * by default, because clients prefix names with `mcp__server__` and many model APIs stop at 64),
 * unique per server and stable across regenerations.
 *
 * Stability: a project's manifest records the name each operation got. Regenerating reuses that
 * name as long as the operation (method + path) still has the same operationId, so adding an
 * operation whose name would collide never renames an existing tool under an agent's feet.
 */
import crypto from 'node:crypto';

/** What naming needs to know about one selected operation. */
export interface NamingInput {
  key: string;
  method: string;
  path: string;
  operationId?: string;
  /** A name given in the configuration: used as is (it was validated there). */
  override?: string;
}

/** A name recorded by a previous generation. */
export interface PreviousName {
  name: string;
  operationId?: string;
}

/** The characters every client accepts in a tool name. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

function shortHash(s: string): string {
  return crypto.createHash('sha256').update(s).digest('hex').slice(0, 8);
}

/** Replaces anything outside `[A-Za-z0-9_-]` by `_`, collapses runs, trims; shortens the middle with a hash when too long. */
export function sanitizeToolName(raw: string, maxLength: number): string {
  let name = raw
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '');
  if (name.length > maxLength) {
    // Long names of one API share their start (`repos_get_branch_protection_…`) and differ at the
    // end: keep a readable start and the whole end, and shorten the middle, which a hash of the
    // full original replaces (keeping shortened names distinct and stable).
    const hash = shortHash(raw);
    const room = Math.max(2, maxLength - hash.length - 2);
    const head = Math.max(1, Math.floor(room / 3));
    // cut between words where one is near
    let start = name.slice(0, head);
    const lastSep = Math.max(start.lastIndexOf('_'), start.lastIndexOf('-'));
    if (lastSep >= head / 2) start = start.slice(0, lastSep);
    let end = name.slice(name.length - (room - head));
    const firstSep = end.search(/[_-]/);
    if (firstSep !== -1 && firstSep < end.length / 2) end = end.slice(firstSep + 1);
    start = start.replace(/[_-]+$/, '');
    end = end.replace(/^[_-]+/, '');
    name = `${start}_${hash}_${end}`.slice(0, maxLength);
  }
  return name;
}

/** A readable name for an operation without operationId: `get_pets_by_id` for `GET /pets/{id}`. */
export function nameFromMethodAndPath(method: string, path: string): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((seg) => seg.replace(/\{([^}]*)\}/g, 'by_$1'));
  return [method.toLowerCase(), ...parts].join('_') || method.toLowerCase();
}

/**
 * Assigns a unique, valid name to every operation: configured names first, then names recorded
 * by the previous generation, then fresh names in document order (suffixed `_2`, `_3` on clashes).
 * Names are compared case-insensitively, since some clients fold case.
 */
export function assignNames(inputs: NamingInput[], maxLength: number, previous: ReadonlyMap<string, PreviousName> = new Map()): Map<string, string> {
  const taken = new Set<string>();
  const out = new Map<string, string>();
  const claim = (key: string, name: string): void => {
    out.set(key, name);
    taken.add(name.toLowerCase());
  };
  const unique = (base: string): string => {
    if (!taken.has(base.toLowerCase())) return base;
    for (let i = 2; ; i++) {
      const suffix = `_${i}`;
      const candidate = base.slice(0, maxLength - suffix.length) + suffix;
      if (!taken.has(candidate.toLowerCase())) return candidate;
    }
  };

  for (const op of inputs) if (op.override !== undefined) claim(op.key, unique(op.override));
  for (const op of inputs) {
    if (out.has(op.key)) continue;
    const prev = previous.get(op.key);
    if (prev && prev.operationId === op.operationId && prev.name.length <= maxLength && TOOL_NAME_PATTERN.test(prev.name) && !taken.has(prev.name.toLowerCase())) {
      claim(op.key, prev.name);
    }
  }
  for (const op of inputs) {
    if (out.has(op.key)) continue;
    let base = op.operationId !== undefined ? sanitizeToolName(op.operationId, maxLength) : '';
    if (base === '') base = sanitizeToolName(nameFromMethodAndPath(op.method, op.path), maxLength);
    claim(op.key, unique(base));
  }
  return out;
}
