import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { isSafeMethod, opLabel, regexFrom, resolveSchema, sideNodes, squash, walkSide } from './lib/secperf.js';

/**
 * Property names that should not appear (or must be writeOnly) on one side of the API:
 * - mode `forbid-in-responses`: response schemas (all codes, or `codes`: regular expression over
 *   the status code, e.g. '^([45]|default)') do not define properties named in `names` (compared
 *   lower case without separators; `suffixes` match name endings). writeOnly properties are not
 *   sent and pass. Operations marked with `exemptExtension` (default x-token-endpoint: true) or
 *   whose path matches `exemptPaths` are skipped.
 * - mode `write-only-in-requests`: such request properties are `writeOnly: true`, unless they are
 *   also sent in responses (the forbid rule reports those).
 */
/** No matching property (shared, never written). */
const NONE = Object.freeze([]);

export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['mode', 'names'],
      properties: {
        mode: { enum: ['forbid-in-responses', 'write-only-in-requests'] },
        names: { type: 'array', items: { type: 'string' } },
        suffixes: { type: 'array', items: { type: 'string' } },
        codes: { type: 'string' },
        exemptExtension: { type: 'string' },
        exemptPaths: { type: 'array', items: { type: 'string' } },
        reason: { type: 'string' },
        methods: { enum: ['all', 'safe'] },
      },
    },
  },
  function sensitiveProperties(_input, options, context) {
    const root = rootOf(context);
    const exact = new Set(options.names.map(squash));
    const suffixes = (options.suffixes ?? []).map(squash).filter(Boolean);
    // Property names repeat across schemas: each distinct name is judged once.
    const verdicts = new Map();
    const matches = (name) => {
      let v = verdicts.get(name);
      if (v === undefined) {
        const s = squash(name);
        v = exact.has(s) || suffixes.some((x) => s.endsWith(x));
        verdicts.set(name, v);
      }
      return v;
    };
    const codes = options.codes ? regexFrom(options.codes, 'i') : undefined;
    const ext = options.exemptExtension ?? 'x-token-endpoint';
    const exemptPaths = (options.exemptPaths ?? []).map((p) => regexFrom(p, '')).filter(Boolean);
    const readsOnly = (options.methods ?? 'all') === 'safe';
    const exempt = (op) => op.operation[ext] === true || exemptPaths.some((re) => re.test(op.pathKey)) || (readsOnly && !isSafeMethod(op.method));
    const results = [];
    // Names are checked where they are written: on the parent's `properties` map.
    const namedProps = (s, node) => {
      if (!isObject(s.properties)) return NONE;
      let out = NONE;
      for (let nameI = 0, nameList = Object.keys(s.properties); nameI < nameList.length; nameI++) {
        const name = nameList[nameI];
        if (!matches(name)) continue;
        const raw = s.properties[name];
        const { value } = resolveSchema(root, raw, undefined);
        const writeOnly = (isObject(raw) && raw.writeOnly === true) || (value !== undefined && value.writeOnly === true);
        const readOnly = (isObject(raw) && raw.readOnly === true) || (value !== undefined && value.readOnly === true);
        if (out === NONE) out = [];
        out.push({ name, path: [...node.path, 'properties', name], writeOnly, readOnly });
      }
      return out;
    };
    const inResponses = new Set();
    const forbid = options.mode === 'forbid-in-responses';
    walkSide(
      root,
      'response',
      (s, node) => {
        for (const p of namedProps(s, node)) {
          if (p.writeOnly) continue;
          const key = p.path.join('\u0000');
          if (inResponses.has(key)) continue;
          inResponses.add(key);
          if (forbid) {
            results.push({
              message: `Response property '${p.name}' (${opLabel(node.op)} ${node.entry.code}) ${options.reason ?? 'is a secret: remove it from the response, or mark it writeOnly if it is only ever sent'}.`,
              path: p.path,
            });
          }
        }
      },
      // The write-only check needs every response; the forbid check only the selected ones.
      forbid
        ? { variant: `sensitive:${JSON.stringify([options.codes, options.methods, ext, options.exemptPaths])}`, filterOp: (op) => !exempt(op), filterRoot: codes ? (entry) => codes.test(entry.code) : undefined }
        : {},
    );
    if (options.mode === 'write-only-in-requests') {
      const targets = sideNodes(root, 'request').refTargets;
      walkSide(
        root,
        'request',
        (s, node) => {
          // Only reusable schemas (components, or targets of a $ref) can end up in a response.
          if (!targets.has(s) && node.path[0] !== 'components') return;
          for (const p of namedProps(s, node)) {
            if (p.writeOnly || p.readOnly || inResponses.has(p.path.join('\u0000'))) continue;
            results.push({ message: `Request property '${p.name}' is a secret: mark it \`writeOnly: true\`${/pass/i.test(p.name) ? ' and \`format: password\`' : ''} so it is never echoed in responses and UIs mask it.`, path: p.path });
          }
          return true;
        },
        {},
      );
    }
    return results;
  },
);
