// @ts-check
// Where an API carries its version (path segments, headers, query parameters, media types), read by
// the versioning rules (owner: style). Pure, bounded, never throw; the signals are computed once per
// document through `cached` and shared by the rules.
import { cached, isObject } from './doc.js';
import { allMediaTypes, allParameters } from './definitions.js';
import { pathSegments } from './paths.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {{ strategy: string, name: string, path: Path, count: number }} VersionSignal */

export const STRATEGIES = ['path', 'header', 'query', 'media-type'];
/** @type {Record<string, string>} */
export const LABEL = { path: 'path segment', header: 'header', query: 'query parameter', 'media-type': 'media type' };
// A path segment that names a version: v1, v2beta1, V1, v1.2, version1, api-v1, 2024-01-31.
const PATH_VERSION = /^(api[-_]?)?(v|version)[-_.]?\d+([._-]\d+)*((alpha|beta|rc)\d*)?$|^\d{4}-\d{2}-\d{2}$/i;
const HEADER_VERSION = /^((x-)?(api-)?version|accept-version|[a-z0-9]+-(api-)?version)$/i;
const QUERY_VERSION = /^(api[-_]?version|version)$/i;
export const MEDIA_VERSION = /vnd\.[^;]*?[.+-]v\d+|;\s*(version|v)=/i;

/** The path part of a server URL (templates removed). @param {unknown} url */
function serverPath(url) {
  const s = String(url).replace(/\{[^{}]*\}/g, 'x');
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i.exec(s);
  return m ? (m[1] ?? '') : s.startsWith('/') ? s : '';
}

/**
 * Where the document carries version information, by strategy: [{ strategy, name, path, count }],
 * one entry per distinct name (`v1`, `Api-Version`, …) at its first location. Once per document
 * (every versioning rule reads them; shared, read only).
 * @param {Json} root @returns {VersionSignal[]}
 */
export function versionSignals(root) {
  return cached(root, 'style:versionSignals', () => findVersionSignals(root));
}

/** @param {Json} root */
function findVersionSignals(root) {
  /** @type {Map<string, VersionSignal>} */
  const byKey = new Map();
  /** @param {string} strategy @param {string} name @param {Path} path */
  const add = (strategy, name, path) => {
    const k = `${strategy}\u0000${strategy === 'path' ? name : name.toLowerCase()}`;
    const e = byKey.get(k);
    if (e) e.count++;
    else byKey.set(k, { strategy, name, path, count: 1 });
  };
  if (isObject(root) && Array.isArray(root.servers)) {
    root.servers.forEach((/** @type {Json} */ s, /** @type {number} */ i) => {
      if (!isObject(s) || typeof s.url !== 'string') return;
      for (const seg of serverPath(s.url).split('/')) if (PATH_VERSION.test(seg)) add('path', seg, ['servers', String(i), 'url']);
    });
  }
  if (isObject(root) && isObject(root.paths)) {
    for (const key of Object.keys(root.paths)) for (const seg of pathSegments(key)) if (!seg.template && PATH_VERSION.test(seg.text)) add('path', seg.text, ['paths', key]);
  }
  for (const { param, path } of allParameters(root)) {
    if (typeof param.name !== 'string') continue;
    if (param.in === 'header' && HEADER_VERSION.test(param.name)) add('header', param.name, [...path, 'name']);
    if (param.in === 'query' && QUERY_VERSION.test(param.name)) add('query', param.name, [...path, 'name']);
  }
  for (const m of allMediaTypes(root)) if (MEDIA_VERSION.test(m.mediaType)) add('media-type', m.mediaType, m.path);
  return [...byKey.values()];
}

/** The strategy in force: the configured one, else the one with the most signals (undefined if none). @param {VersionSignal[]} signals @param {string | undefined} configured */
export function strategyOf(signals, configured) {
  if (configured && configured !== 'auto') return configured;
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const s of signals) counts.set(s.strategy, (counts.get(s.strategy) ?? 0) + s.count);
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : undefined;
}

/** The major version in a version name (`v2beta1` → 2), or undefined. @param {string} v */
export const majorOf = (v) => {
  const m = /(\d+)/.exec(v);
  return m ? Number(m[1]) : undefined;
};
