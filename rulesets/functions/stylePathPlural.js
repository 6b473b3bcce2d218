// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { looksPlural, pathSegments } from './lib/paths.js';
import { optList, regexList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const EXCEPTIONS = ['me', 'self', 'current', 'status', 'health', 'api', 'apis', 'v1', 'latest', 'default', 'by-id', 'by-name', 'admin'];

/**
 * A static segment directly followed by a templated segment names a collection and is plural
 * (`/orders/{orderId}`, not `/order/{orderId}`). Plurality is a heuristic (English `-s` plurals,
 * irregular and uncountable nouns); `exceptions` lists accepted words, `ignoreSegments` patterns skip
 * segments (e.g. resource type names of a standard); a parameter named in `ignoreParams` (default
 * `path`, …) carries a sub-path, not an item id.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        exceptions: { type: 'array', items: { type: 'string' } },
        ignoreSegments: { type: 'array', items: { type: 'string' } },
        ignoreParams: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ exceptions?: string[], ignoreSegments?: string[], ignoreParams?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function stylePathPlural(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root) || !isObject(root.paths)) return [];
    const exceptions = optList(options, 'exceptions', EXCEPTIONS);
    const ignore = regexList(options.ignoreSegments);
    // A parameter that carries a whole sub-path (`/proxy/{path}`) is not an item of a collection.
    const ignoreParams = new Set(optList(options, 'ignoreParams', ['path', 'subpath', 'filepath', 'file_path', 'filePath', 'rest']));
    const results = [];
    const reported = new Set();
    for (const key of Object.keys(root.paths)) {
      if (!key.startsWith('/')) continue;
      const segs = pathSegments(key);
      for (let i = 0; i + 1 < segs.length; i++) {
        const s = segs[i];
        if (s.template || s.params.length > 0 || !segs[i + 1].template || s.text === '' || ignoreParams.has(segs[i + 1].params[0])) continue;
        if (ignore.some((re) => re.test(s.text))) continue;
        if (looksPlural(s.text, exceptions)) continue;
        // The same singular collection under the same prefix is reported once, on its first path.
        const prefix = segs
          .slice(0, i + 1)
          .map((x) => (x.template ? '{}' : x.text))
          .join('/');
        if (reported.has(prefix)) continue;
        reported.add(prefix);
        results.push({ message: `Path ${key}: collection segment '${s.text}' (followed by '${segs[i + 1].text}') should be a plural noun.`, path: ['paths', key] });
      }
    }
    return results;
  },
);
