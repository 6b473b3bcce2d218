/** The one full pass over the converted document: swagger2openapi leftovers and `__proto__` keys. */
import { S2O_WARNING_KEY } from './s2o.js';
import { replaceKeyInOrder, type Obj } from './json.js';

/** A warning swagger2openapi wrote into the output, and where. */
export interface S2OWarning {
  path: string[];
  message: string;
}

/**
 * Walks `doc3` once, in place:
 * - removes every `x-s2o-*` key (swagger2openapi's warnings and internal markers such as
 *   `x-s2o-overloaded`) and returns the warnings with their location;
 * - when `protoPlaceholder` is given, renames that key back to `__proto__` (as an own property)
 *   and replaces it inside strings (`$ref`s, discriminator mappings).
 */
export function sweep(doc3: Obj, protoPlaceholder?: string): S2OWarning[] {
  const warnings: S2OWarning[] = [];
  const path: string[] = [];
  const fixString = (s: string): string => (protoPlaceholder !== undefined && s.includes(protoPlaceholder) ? s.split(protoPlaceholder).join('__proto__') : s);

  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const [i, v] of (node as unknown[]).entries()) {
        if (typeof v === 'string') node[i] = fixString(v);
        else if (typeof v === 'object' && v !== null) {
          path.push(String(i));
          visit(v);
          path.pop();
        }
      }
      return;
    }
    const obj = node as Obj;
    for (const k of Object.keys(obj)) {
      const v = obj[k];
      if (k.startsWith('x-s2o-')) {
        if (k === S2O_WARNING_KEY) warnings.push({ path: [...path], message: String(v) });
        delete obj[k];
        continue;
      }
      if (typeof v === 'string') obj[k] = fixString(v);
      else if (typeof v === 'object' && v !== null) {
        path.push(k === protoPlaceholder ? '__proto__' : k);
        visit(v);
        path.pop();
      }
      if (k === protoPlaceholder) replaceKeyInOrder(obj, k, '__proto__', obj[k]);
    }
  };
  visit(doc3);
  return warnings;
}
