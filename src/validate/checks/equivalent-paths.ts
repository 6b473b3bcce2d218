/** Two path templates that differ only in variable names (`/a/{id}`, `/a/{name}`) are ambiguous. */
import { EQUIVALENT_PATHS } from '../codes.js';
import { isObject } from '../json.js';
import { showName } from '../messages.js';
import type { Check } from './types.js';

/** Reports every path equivalent to an earlier one, naming the earlier one. */
export const checkEquivalentPaths: Check = ({ doc }, report) => {
  const paths = Object.hasOwn(doc, 'paths') ? doc.paths : undefined;
  if (!isObject(paths)) return;
  const first = new Map<string, string>();
  for (const key of Object.keys(paths)) {
    if (key.startsWith('x-')) continue;
    const shape = key.replace(/\{[^{}]*\}/g, '{}');
    const prior = first.get(shape);
    if (prior === undefined) {
      first.set(shape, key);
      continue;
    }
    report({
      code: EQUIVALENT_PATHS,
      severity: 'error',
      path: ['paths', key],
      message: `path '${showName(key)}' is equivalent to '${showName(prior)}': the templates differ only in variable names`,
    });
  }
};
