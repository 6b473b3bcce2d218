// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, pointerSegments, rootOf } from './lib/doc.js';
import { optList } from './lib/style.js';
import { refIndex } from './lib/refs.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const KINDS = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'links', 'callbacks', 'pathItems'];
/** @type {Record<string, string>} */
const LABEL = {
  schemas: 'Schema',
  responses: 'Response',
  parameters: 'Parameter',
  examples: 'Example',
  requestBodies: 'Request body',
  headers: 'Header',
  links: 'Link',
  callbacks: 'Callback',
  pathItems: 'Path item',
};

/**
 * Every reusable component is referenced somewhere (a local `$ref`, or a discriminator mapping for
 * schemas). Security schemes are used by name and are not checked here. A document without paths
 * and webhooks is a component library and is skipped.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: { kinds: { type: 'array', items: { enum: KINDS } } },
    },
  },
  /** @param {Json} _input @param {{ kinds?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function styleUnusedComponents(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root) || !isObject(root.components)) return [];
    const hasApi = (isObject(root.paths) && Object.keys(root.paths).length > 0) || (isObject(root.webhooks) && Object.keys(root.webhooks).length > 0);
    if (!hasApi) return [];
    const used = new Set();
    const { targets } = refIndex(root);
    for (const ref of targets) {
      const segs = pointerSegments(ref);
      if (segs && segs.length >= 3 && segs[0] === 'components') used.add(`${segs[1]}\u0000${segs[2]}`);
    }
    // Discriminator mappings name schemas by ref or by bare name.
    const schemas = isObject(root.components.schemas) ? root.components.schemas : {};
    for (const name of Object.keys(schemas)) {
      const d = isObject(schemas[name]) && isObject(schemas[name].discriminator) ? schemas[name].discriminator.mapping : undefined;
      if (!isObject(d)) continue;
      for (const v of Object.values(d)) {
        if (typeof v !== 'string') continue;
        const segs = pointerSegments(v);
        if (segs && segs[0] === 'components') used.add(`${segs[1]}\u0000${segs[2]}`);
        else if (!v.includes('/')) used.add(`schemas\u0000${v}`);
      }
    }
    const results = [];
    for (const kind of optList(options, 'kinds', KINDS)) {
      const list = root.components[kind];
      if (!isObject(list)) continue;
      for (const name of Object.keys(list)) {
        if (used.has(`${kind}\u0000${name}`)) continue;
        results.push({ message: `${LABEL[kind]} '${name}' is never referenced.`, path: ['components', kind, name] });
      }
    }
    return results;
  },
);
