/**
 * Component names as swagger2openapi 7.0.8 produces them.
 *
 * swagger2openapi renames 2.0 names that are not valid 3.x component names (`a b` → `a_b`,
 * `List[]` → `ListArray`, with a numeric suffix on collisions). The origin map and the repairs need
 * the same mapping both ways, so it is replicated here from oas-kit-common's `sanitise` /
 * `sanitiseAll` and swagger2openapi's `main()`.
 */
import { isObj, type Obj } from './json.js';

/** oas-kit-common `sanitise`: the first `/`-segment loses every character outside `[A-Za-z0-9_.-]`. */
export function sanitise(s: string): string {
  const parts = s.replace('[]', 'Array').split('/');
  parts[0] = (parts[0] ?? '').replace(/[^A-Za-z0-9_\-.]+|\s+/gm, '_');
  return parts.join('/');
}

/** oas-kit-common `sanitiseAll`: like `sanitise`, with `/` first turned into `_`. */
export function sanitiseAll(s: string): string {
  return sanitise(s.split('/').join('_'));
}

/** Two-way name maps for one kind of component. */
export interface NameMap {
  /** 2.0 name → 3.x component name. */
  toComponent(name2: string): string;
  /** 3.x component name → 2.0 name (the name itself when it was not renamed). */
  fromComponent(name3: string): string;
}

function buildMap(names2: string[], rename: (names: string[]) => Map<string, string>): NameMap {
  const forward = rename(names2);
  const backward = new Map<string, string>();
  for (const [k, v] of forward) backward.set(v, k);
  return {
    toComponent: (n) => forward.get(n) ?? n,
    fromComponent: (n) => backward.get(n) ?? n,
  };
}

/** Schema names: sanitiseAll, then `2`, `3`, … while the new name is taken (as swagger2openapi does). */
function renameSchemas(names: string[]): Map<string, string> {
  const taken = new Set(names);
  const out = new Map<string, string>();
  for (const s of names) {
    const sname = sanitiseAll(s);
    if (s === sname) {
      out.set(s, s);
      continue;
    }
    let suffix = '';
    let n = 1;
    while (taken.has(sname + suffix)) suffix = String(++n);
    taken.delete(s);
    taken.add(sname + suffix);
    out.set(s, sname + suffix);
  }
  return out;
}

/** Parameter, response and security scheme names: plain sanitise (swagger2openapi fails on collisions). */
function renamePlain(names: string[]): Map<string, string> {
  return new Map(names.map((n) => [n, sanitise(n)]));
}

/** Name maps for every 2.0 section that becomes a 3.x component. */
export interface ComponentNames {
  schemas: NameMap;
  parameters: NameMap;
  responses: NameMap;
  securitySchemes: NameMap;
}

/** Builds the name maps of a 2.0 document. */
export function componentNames(doc2: Obj): ComponentNames {
  const keys = (k: string): string[] => {
    const v = Object.hasOwn(doc2, k) ? doc2[k] : undefined;
    return isObj(v) ? Object.keys(v) : [];
  };
  return {
    schemas: buildMap(keys('definitions'), renameSchemas),
    parameters: buildMap(keys('parameters'), renamePlain),
    responses: buildMap(keys('responses'), renamePlain),
    securitySchemes: buildMap(keys('securityDefinitions'), renamePlain),
  };
}
