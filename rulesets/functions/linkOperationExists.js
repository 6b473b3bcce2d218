// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { linkObjects, linkTarget } from './lib/compliance.js';

/** A Link Object's operationId names an existing operation; a local operationRef points to an operation. */
export default createRulesetFunction({ input: null, options: null }, function linkOperationExists(_input, _options, context) {
  const root = rootOf(context);
  const results = [];
  for (const { link, path } of linkObjects(root)) {
    const t = linkTarget(root, link);
    if (t.missing) results.push({ message: t.missing, path: [...path, t.field] });
  }
  return results;
});
