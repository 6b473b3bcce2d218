// @ts-check
// Helpers of the r155 pack (UNECE R155 Annex 5 mitigations mapped to API controls): vehicle
// back-end areas of operations, request field names, strong client authentication. Plain ESM like
// ./doc.js; memoised per document through `cached`.
import { cached, deref, parametersOf, isObject, operations, requestBodyOf } from './doc.js';
import { contentOf, isTemplate, objectShape, segmentsOf, squash } from './pack-common.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation} Operation */

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
/** @param {string} method */
export function isWrite(method) {
  return WRITE_METHODS.has(method);
}

/**
 * Property schemas reachable from a set of root schemas, refs followed, every schema node visited
 * once across all roots: { name, schema, path, target (where the property schema lives), parent }.
 * Bounded by `maxNodes`.
 * @param {Json} root @param {{ schema: Json, path: Path }[]} roots
 */
export function reachableProperties(root, roots, maxNodes = 5000) {
  /** @type {{ name: string, schema: JsonObject, path: Path, target: Path | undefined, parent: JsonObject }[]} */
  const out = [];
  const seen = new Set();
  /** @type {[Json, Path][]} */
  const stack = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push([roots[i].schema, roots[i].path]);
  let n = 0;
  while (stack.length > 0 && n++ < maxNodes) {
    const [raw, p] = /** @type {[Json, Path]} */ (stack.pop());
    const { value: s, path: sp } = deref(root, raw, p);
    if (!isObject(s) || seen.has(s)) continue;
    seen.add(s);
    const where = sp ?? p;
    if (isObject(s.properties)) {
      for (const k of Object.keys(s.properties)) {
        const { value, path: pp } = deref(root, s.properties[k], [...where, 'properties', k]);
        if (isObject(value)) out.push({ name: k, schema: value, path: [...where, 'properties', k], target: pp, parent: s });
        stack.push([s.properties[k], [...where, 'properties', k]]);
      }
    }
    if (isObject(s.items)) stack.push([s.items, [...where, 'items']]);
    if (Array.isArray(s.prefixItems)) s.prefixItems.forEach((/** @type {Json} */ x, /** @type {number} */ i) => stack.push([x, [...where, 'prefixItems', String(i)]]));
    if (isObject(s.additionalProperties)) stack.push([s.additionalProperties, [...where, 'additionalProperties']]);
    for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[k])) s[k].forEach((x, i) => stack.push([x, [...where, k, String(i)]]));
  }
  return out;
}

/** Path of an operation's security declaration (operation-level, else document-level). @param {{ path: Path }} op @param {string} level @returns {Path} */
export function securityPath(op, level) {
  return level === 'operation' ? [...op.path, 'security'] : level === 'document' ? ['security'] : op.path;
}

/** Extension value by any of several names (aliases), first found: { key, value } or undefined. @param {Json} node @param {string[]} keys @returns {{ key: string, value: Json } | undefined} */
export function extension(node, keys) {
  if (!isObject(node)) return undefined;
  for (const k of keys) if (Object.hasOwn(node, k)) return { key: k, value: node[k] };
  return undefined;
}

const R155_AREAS = {
  command: new Set([
    'commands',
    'command',
    'remotecommands',
    'remotecommand',
    'remote',
    'lock',
    'unlock',
    'doorlock',
    'doorunlock',
    'lockdoors',
    'unlockdoors',
    'doors',
    'immobilizer',
    'immobiliser',
    'engine',
    'enginestart',
    'enginestop',
    'remotestart',
    'remotestop',
    'ignition',
    'climate',
    'climatisation',
    'climatization',
    'hvac',
    'preconditioning',
    'charging',
    'charge',
    'chargeport',
    'horn',
    'honk',
    'lights',
    'flashlights',
    'honkandflash',
    'hornandlights',
    'trunk',
    'tailgate',
    'frunk',
    'windows',
    'wakeup',
    'valetmode',
    'speedlimit',
  ]),
  ota: new Set([
    'ota',
    'otaupdate',
    'otaupdates',
    'firmware',
    'firmwares',
    'firmwareupdate',
    'firmwareupdates',
    'softwareupdate',
    'softwareupdates',
    'softwarepackage',
    'softwarepackages',
    'updatecampaign',
    'updatecampaigns',
  ]),
  keys: new Set([
    'keys',
    'key',
    'digitalkeys',
    'digitalkey',
    'certificates',
    'certificate',
    'certs',
    'cert',
    'credentials',
    'credential',
    'csr',
    'csrs',
    'secrets',
    'keypairs',
    'pki',
    'truststore',
    'keystore',
  ]),
  diagnostics: new Set(['diagnostics', 'diagnostic', 'diag', 'obd', 'obd2', 'obdii', 'uds', 'dtc', 'dtcs', 'faultcodes', 'troublecodes']),
  telemetry: new Set(['telemetry', 'ingest', 'ingestion']),
  logs: new Set(['logs', 'log', 'audit', 'audits', 'auditlog', 'auditlogs', 'auditevents', 'audittrail', 'audittrails', 'securityevents', 'securitylogs', 'eventlog', 'eventlogs']),
};

/** The static segments of a path, squashed (`Remote-Start` → `remotestart`). @param {unknown} pathKey */
function staticSquashed(pathKey) {
  return segmentsOf(pathKey)
    .filter((s) => !isTemplate(s) && !s.startsWith('$'))
    .map(squash);
}

/**
 * Vehicle back-end areas an operation belongs to (command, ota, keys, diagnostics, telemetry,
 * logs), from its static path segments and the `x-vehicle-command: true` marker.
 * @param {Operation} op
 */
export function r155Areas(op) {
  const segs = staticSquashed(op.pathKey);
  /** @type {Set<string>} */
  const out = new Set();
  for (const [area, words] of Object.entries(R155_AREAS)) if (segs.some((s) => words.has(s))) out.add(area);
  if (op.operation['x-vehicle-command'] === true) out.add('command');
  if (out.has('command') && !isWrite(op.method)) out.delete('command');
  if (out.has('telemetry') && op.method !== 'post' && op.method !== 'put') out.delete('telemetry');
  return out;
}

/** Operations of an area, memoised per document. @param {Json} root @param {string} area */
export function r155Ops(root, area) {
  const all = cached(root, 'packs:r155Ops', () => operations(root).map((op) => ({ op, areas: r155Areas(op) })));
  return all.filter((x) => x.areas.has(area)).map((x) => x.op);
}

/** The last static segment of a path, squashed. @param {unknown} pathKey */
export function lastStatic(pathKey) {
  const s = staticSquashed(pathKey);
  return s[s.length - 1];
}

/** Names of the header parameters and top-level request-body properties of an operation (squashed). @param {Json} root @param {Operation} op */
export function requestFieldNames(root, op) {
  /** @type {Set<string>} */
  const names = new Set();
  for (const p of parametersOf(root, op)) if (p.param.in === 'header' || p.param.in === 'query') names.add(squash(p.param.name));
  const rb = requestBodyOf(root, op);
  if (rb)
    for (const m of contentOf(rb.body.content, [...rb.path, 'content']))
      if (m.schema !== undefined) for (const k of objectShape(root, m.schema, [...m.path, 'schema']).props.keys()) names.add(squash(k));
  return names;
}

/** Whether a scheme is a strong client authentication (mutualTLS, OAuth 2.0, OpenID Connect, HTTP bearer). @param {Json} scheme */
export function strongScheme(scheme) {
  if (!isObject(scheme)) return false;
  if (scheme.type === 'mutualTLS' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return true;
  return scheme.type === 'http' && typeof scheme.scheme === 'string' && scheme.scheme.toLowerCase() === 'bearer';
}
