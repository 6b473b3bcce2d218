import { createRulesetFunction } from './lib/define.js';
import { cached, deref, isObject, rootOf } from './lib/doc.js';
import { allMediaTypes, allParameters, opLabel, pathOps, pathSegments, regex } from './lib/style.js';

const STRATEGIES = ['path', 'header', 'query', 'media-type'];
const LABEL = { path: 'path segment', header: 'header', query: 'query parameter', 'media-type': 'media type' };
// A path segment that names a version: v1, v2beta1, V1, v1.2, version1, api-v1, 2024-01-31.
const PATH_VERSION = /^(api[-_]?)?(v|version)[-_.]?\d+([._-]\d+)*((alpha|beta|rc)\d*)?$|^\d{4}-\d{2}-\d{2}$/i;
const HEADER_VERSION = /^((x-)?(api-)?version|accept-version|[a-z0-9]+-(api-)?version)$/i;
const QUERY_VERSION = /^(api[-_]?version|version)$/i;
const MEDIA_VERSION = /vnd\.[^;]*?[.+-]v\d+|;\s*(version|v)=/i;

/** The path part of a server URL (templates removed). */
function serverPath(url) {
  const s = String(url).replace(/\{[^{}]*\}/g, 'x');
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i.exec(s);
  return m ? (m[1] ?? '') : s.startsWith('/') ? s : '';
}

/**
 * Where the document carries version information, by strategy: [{ strategy, name, path, count }],
 * one entry per distinct name (`v1`, `Api-Version`, …) at its first location. Once per document
 * (every versioning check reads them; shared, read only).
 */
function versionSignals(root) {
  return cached(root, 'style:versionSignals', () => findVersionSignals(root));
}

function findVersionSignals(root) {
  const byKey = new Map();
  const add = (strategy, name, path) => {
    const k = `${strategy}\u0000${strategy === 'path' ? name : name.toLowerCase()}`;
    const e = byKey.get(k);
    if (e) e.count++;
    else byKey.set(k, { strategy, name, path, count: 1 });
  };
  if (isObject(root) && Array.isArray(root.servers)) {
    root.servers.forEach((s, i) => {
      if (!isObject(s) || typeof s.url !== 'string') return;
      for (const seg of serverPath(s.url).split('/')) if (PATH_VERSION.test(seg)) add('path', seg, ['servers', String(i), 'url']);
    });
  }
  if (isObject(root) && isObject(root.paths)) {
    for (const key of Object.keys(root.paths)) for (const seg of pathSegments(key)) if (!seg.template && PATH_VERSION.test(seg.text)) add('path', seg.text, ['paths', key]);
  }
  for (let entryI = 0, entryList = allParameters(root); entryI < entryList.length; entryI++) {
    const { param, path } = entryList[entryI];
    if (typeof param.name !== 'string') continue;
    if (param.in === 'header' && HEADER_VERSION.test(param.name)) add('header', param.name, [...path, 'name']);
    if (param.in === 'query' && QUERY_VERSION.test(param.name)) add('query', param.name, [...path, 'name']);
  }
  for (const m of allMediaTypes(root)) if (MEDIA_VERSION.test(m.mediaType)) add('media-type', m.mediaType, m.path);
  return [...byKey.values()];
}

/** The strategy in force: the configured one, else the one with the most signals (undefined if none). */
function strategyOf(signals, configured) {
  if (configured && configured !== 'auto') return configured;
  const counts = new Map();
  for (const s of signals) counts.set(s.strategy, (counts.get(s.strategy) ?? 0) + s.count);
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : undefined;
}

const majorOf = (v) => {
  const m = /(\d+)/.exec(v);
  return m ? Number(m[1]) : undefined;
};

/**
 * Versioning checks, selected by `check`:
 * - `single`: the API versions in one way only (path, header, query parameter or media type), the
 *   configured `strategy` or, with `auto`, whichever it uses most; other signals are reported.
 * - `path-format`: with the path strategy, version segments match `pathFormat` (default
 *   `^v\d+$`, a major version only, `alpha`/`beta` suffixes allowed), and the version sits in the
 *   server URLs or in the paths, not both.
 * - `path-consistent`: with the path strategy, all paths carry the same major version.
 * - `header`: with the header strategy, every operation declares the version header (`header`, or
 *   the name most operations use).
 * - `media-type`: with the media-type strategy, every JSON request and response media type carries
 *   the version.
 * - `info-semver`: info.version is MAJOR.MINOR.PATCH, and its major matches the path version.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['check'],
      properties: {
        check: { enum: ['single', 'path-format', 'path-consistent', 'header', 'media-type', 'info-semver'] },
        strategy: { enum: ['auto', ...STRATEGIES] },
        pathFormat: { type: 'string' },
        header: { type: 'string' },
      },
    },
  },
  function styleVersioning(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root)) return [];
    const signals = versionSignals(root);
    const strategy = strategyOf(signals, options.strategy);
    const results = [];
    switch (options.check) {
      case 'single': {
        if (!strategy) return [];
        for (const s of signals) {
          if (s.strategy === strategy) continue;
          results.push({ message: `The API versions by ${LABEL[strategy]}, but ${LABEL[s.strategy]} '${s.name}' also carries a version${s.count > 1 ? ` (${s.count} places)` : ''}; use one strategy.`, path: s.path });
        }
        return results;
      }
      case 'path-format': {
        if (strategy !== 'path') return [];
        const format = regex(options.pathFormat ?? '^v[0-9]+((alpha|beta)[0-9]*)?$') ?? /^v[0-9]+$/;
        const paths = signals.filter((s) => s.strategy === 'path');
        for (const s of paths) if (!format.test(s.name)) results.push({ message: `Version segment '${s.name}' does not match ${format.source}; use the major version only, e.g. 'v1'.`, path: s.path });
        const inServers = paths.find((s) => s.path[0] === 'servers');
        const inPaths = paths.find((s) => s.path[0] === 'paths');
        if (inServers && inPaths) results.push({ message: `The version is in the server URL ('${inServers.name}') and in paths ('${inPaths.name}'); put it in one place.`, path: inPaths.path });
        return results;
      }
      case 'path-consistent': {
        if (strategy !== 'path') return [];
        const byMajor = new Map();
        for (const s of signals) {
          if (s.strategy !== 'path' || s.path[0] !== 'paths' || /^\d{4}-/.test(s.name)) continue;
          const m = majorOf(s.name);
          if (m === undefined) continue;
          const e = byMajor.get(m) ?? { count: 0, first: s };
          e.count += s.count;
          byMajor.set(m, e);
        }
        if (byMajor.size < 2) return [];
        const sorted = [...byMajor].sort((a, b) => b[1].count - a[1].count);
        const [major, main] = sorted[0];
        for (const [m, e] of sorted.slice(1)) results.push({ message: `Paths mix major versions: ${e.count} path${e.count > 1 ? 's' : ''} use v${m} (e.g. ${e.first.path[1]}) while ${main.count} use v${major}; describe one major version per document.`, path: e.first.path });
        return results;
      }
      case 'header': {
        if (strategy !== 'header') return [];
        const headers = signals.filter((s) => s.strategy === 'header').sort((a, b) => b.count - a.count);
        const name = (options.header ?? headers[0]?.name ?? 'Api-Version').toLowerCase();
        for (let opI = 0, opList = pathOps(root); opI < opList.length; opI++) {
          const op = opList[opI];
          let found = false;
          for (const l of [op.pathItem.parameters, op.operation.parameters]) {
            if (!Array.isArray(l)) continue;
            for (const p of l) {
              const v = deref(root, p, []).value;
              if (isObject(v) && v.in === 'header' && typeof v.name === 'string' && v.name.toLowerCase() === name) found = true;
            }
          }
          if (!found) results.push({ message: `${opLabel(op)} does not declare the version header '${options.header ?? headers[0]?.name ?? 'Api-Version'}'.`, path: op.path });
        }
        return results;
      }
      case 'media-type': {
        if (strategy !== 'media-type') return [];
        for (let mI = 0, mList = allMediaTypes(root); mI < mList.length; mI++) {
          const m = mList[mI];
          const base = m.mediaType.split(';')[0].trim().toLowerCase();
          if (!(base === 'application/json' || base.endsWith('+json')) || MEDIA_VERSION.test(m.mediaType)) continue;
          results.push({ message: `Media type '${m.mediaType}' carries no version, but the API versions by media type (e.g. application/vnd.example.v1+json).`, path: m.path });
        }
        return results;
      }
      case 'info-semver': {
        const info = isObject(root.info) ? root.info : undefined;
        const v = info ? info.version : undefined;
        if (typeof v !== 'string') return [];
        if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/.test(v)) {
          return [{ message: `info.version '${v}' is not a semantic version (MAJOR.MINOR.PATCH).`, path: ['info', 'version'] }];
        }
        if (strategy === 'path') {
          const majors = new Set(signals.filter((s) => s.strategy === 'path' && !/^\d{4}-/.test(s.name)).map((s) => majorOf(s.name)));
          const major = Number(v.split('.')[0]);
          if (majors.size === 1 && !majors.has(major)) results.push({ message: `info.version '${v}' has major ${major}, but the path version is v${[...majors][0]}.`, path: ['info', 'version'] });
        }
        return results;
      }
      default:
        return [];
    }
  },
);

