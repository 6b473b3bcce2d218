import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { serverObjects } from './lib/compliance.js';

const VARIABLE = /\{([^{}]*)\}/g;

function variablesIn(url) {
  return [...url.matchAll(VARIABLE)].map((m) => m[1]);
}

/** Checks one Server Object; returns [{ message, path }]. */
const CHECKS = {
  /** Every {name} in the URL template is defined in `variables`. */
  'variables-defined'(server, path) {
    const vars = isObject(server.variables) ? server.variables : {};
    const out = [];
    for (const name of new Set(variablesIn(server.url))) {
      if (!Object.hasOwn(vars, name)) out.push({ message: `Server URL uses {${name}} but variables defines no '${name}'`, path: [...path, 'url'] });
    }
    return out;
  },
  /** Every variable is used in the URL template. */
  'variables-used'(server, path) {
    if (!isObject(server.variables)) return [];
    const used = new Set(variablesIn(server.url));
    return Object.keys(server.variables)
      .filter((name) => !used.has(name))
      .map((name) => ({ message: `Server variable '${name}' does not occur in the URL ${server.url}`, path: [...path, 'variables', name] }));
  },
  /** A variable with an enum lists its default; the enum is not empty. */
  'default-in-enum'(server, path) {
    if (!isObject(server.variables)) return [];
    const out = [];
    for (let nameI = 0, nameList = Object.keys(server.variables); nameI < nameList.length; nameI++) {
      const name = nameList[nameI];
      const v = server.variables[name];
      if (!isObject(v) || !Array.isArray(v.enum)) continue;
      if (v.enum.length === 0) out.push({ message: `Server variable '${name}' has an empty enum`, path: [...path, 'variables', name, 'enum'] });
      else if (typeof v.default === 'string' && !v.enum.includes(v.default)) {
        out.push({ message: `Default '${v.default}' of server variable '${name}' is not one of its enum values (${v.enum.join(', ')})`, path: [...path, 'variables', name, 'default'] });
      }
    }
    return out;
  },
  /** The URL template is well formed: balanced braces, each variable once, no query or fragment, a host when absolute. */
  'url-valid'(server, path) {
    const url = server.url;
    const at = [...path, 'url'];
    const bad = (why) => [{ message: `Server URL '${url}' ${why}`, path: at }];
    if (url.trim() === '') return bad('is empty');
    if (/[\s<>"\\^`|]/.test(url.replace(VARIABLE, ''))) return bad('contains spaces or characters not allowed in a URL');
    if (/[{}]/.test(url.replace(VARIABLE, ''))) return bad('has unbalanced { }');
    const names = variablesIn(url);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup !== undefined) return bad(`uses the variable {${dup}} more than once`);
    if (names.some((n) => n === '')) return bad('has an empty variable {}');
    const vars = isObject(server.variables) ? server.variables : {};
    const expanded = url.replace(VARIABLE, (_m, n) => (isObject(vars[n]) && typeof vars[n].default === 'string' ? vars[n].default : 'x'));
    if (expanded.includes('?')) return bad('contains a query string; servers are base URLs (declare query parameters on operations)');
    if (expanded.includes('#')) return bad('contains a fragment');
    if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(expanded)) {
      let parsed;
      try {
        parsed = new URL(expanded);
      } catch {
        return bad(names.length > 0 ? 'is not a valid URL once its variables are replaced by their defaults' : 'is not a valid URL');
      }
      if (/^(https?|wss?):$/.test(parsed.protocol) && parsed.hostname === '') return bad('has no host');
    }
    return [];
  },
  /** No trailing slash: paths start with '/', so a trailing slash doubles it. */
  'trailing-slash'(server, path) {
    const url = server.url;
    if (url.length > 1 && url.endsWith('/') && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\/\/?$/.test(url)) {
      return [{ message: `Server URL '${url}' ends with '/': every path starts with '/', so request URLs get '//'`, path: [...path, 'url'] }];
    }
    return [];
  },
};

/**
 * Checks every Server Object of the document (root, path items, operations, callbacks, links);
 * `declared` checks that the document lists servers at all.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['check'],
      properties: { check: { enum: [...Object.keys(CHECKS), 'declared'] } },
    },
  },
  function serverUrls(_input, options, context) {
    const root = rootOf(context);
    if (options.check === 'declared') {
      // Without servers every URL resolves against `/` of wherever the document is served;
      // documents without paths (webhooks or components only) call no server.
      if (!isObject(root) || !isObject(root.paths) || (Array.isArray(root.servers) && root.servers.length > 0)) return [];
      return [{ message: 'No servers are declared, so clients cannot tell where the API lives', path: Array.isArray(root.servers) ? ['servers'] : [] }];
    }
    const check = CHECKS[options.check];
    const results = [];
    for (const { server, path } of serverObjects(root)) {
      if (typeof server.url !== 'string') continue;
      results.push(...check(server, path));
    }
    return results;
  },
);
