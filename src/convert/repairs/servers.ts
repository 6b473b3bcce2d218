/**
 * Servers.
 *
 * Global `host` / `basePath` / `schemes` are converted by swagger2openapi (one server per scheme);
 * apictl only notes the cases where the result is relative. Operation-level `schemes` are handled
 * here: swagger2openapi emits every global server once per *new* scheme (duplicates when the
 * document has several schemes) and ignores operation schemes that are a subset of the global
 * ones. apictl removes them from the working copy and builds the operation's `servers` itself: the
 * global server URLs with each operation scheme, deduplicated, omitted when equal to the global
 * servers.
 */
import type { ConversionContext, PostStep } from '../context.js';
import { cloneJson, isObj, own, ownArr, type Obj } from '../json.js';
import { forEachOperation } from '../swagger2-model.js';
import { operation3 } from './sites.js';

interface OpSchemes {
  path: string;
  method: string;
  schemes: string[];
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:(?=\/\/)/;

/** Notes relative servers; removes operation `schemes` and returns the step that adds operation servers. */
export function prepareServers(work: Obj, ctx: ConversionContext): PostStep {
  const host = own(work, 'host');
  const basePath = own(work, 'basePath');
  const custom = Array.isArray(own(work, 'x-servers')) || isObj(own(work, 'x-ms-parameterized-host'));
  const globalSchemes = (ownArr(work, 'schemes') ?? []).filter((s): s is string => typeof s === 'string');
  if (!custom && typeof host !== 'string') {
    if (globalSchemes.length > 0) {
      ctx.note('convert-relative-server', 'warn', `schemes ${globalSchemes.join(', ')} cannot be expressed without a host and were dropped`, ['schemes']);
    }
    if (typeof basePath === 'string') {
      ctx.note('convert-relative-server', 'info', `no host: the server URL is the relative ${basePath}, resolved against where the document is served from`, ['basePath']);
    } else {
      ctx.note('convert-relative-server', 'info', 'no host or basePath: no servers emitted, so 3.x tools assume the server "/" relative to where the document is served from', []);
    }
  } else if (!custom && !Array.isArray(own(work, 'schemes'))) {
    ctx.note('convert-relative-server', 'info', 'no schemes: the server URL is scheme-relative (//host…); clients use the scheme the document was fetched with', ['host']);
  }

  const ops: OpSchemes[] = [];
  forEachOperation(work, (path, method, op) => {
    const schemes = ownArr(op, 'schemes');
    if (!schemes) return;
    delete op.schemes;
    const valid = schemes.filter((s): s is string => typeof s === 'string' && s.length > 0);
    // the same schemes as the document: the global servers already say it
    const same = valid.length === globalSchemes.length && valid.every((s) => globalSchemes.includes(s));
    if (valid.length > 0 && !same) ops.push({ path, method, schemes: valid });
  });

  return (doc3) => {
    const globals = (ownArr(doc3, 'servers') ?? []).filter(isObj);
    const hostless: OpSchemes[] = [];
    for (const o of ops) {
      const source = ['paths', o.path, o.method, 'schemes'];
      const op = operation3(doc3, o.path, o.method);
      if (!op || Object.hasOwn(op, 'servers')) continue; // x-servers already became servers
      const absolute = globals.filter((s) => typeof s.url === 'string' && (SCHEME.test(s.url) || s.url.startsWith('//')));
      if (absolute.length === 0) {
        op['x-schemes'] = [...o.schemes];
        ctx.recordOrigin(['paths', o.path, o.method, 'x-schemes'], source);
        hostless.push(o);
        continue;
      }
      const servers: Obj[] = [];
      const seen = new Set<string>();
      for (const scheme of o.schemes) {
        for (const g of absolute) {
          const url = `${scheme}:${(g.url as string).replace(SCHEME, '')}`;
          if (seen.has(url)) continue;
          seen.add(url);
          const server = cloneJson(g).value as Obj;
          server.url = url;
          servers.push(server);
        }
      }
      const globalUrls = new Set(globals.map((s) => s.url));
      const same = servers.length === globalUrls.size && servers.every((s) => globalUrls.has(s.url));
      if (same) continue;
      op.servers = servers;
      ctx.recordOrigin(['paths', o.path, o.method, 'servers'], source);
      ctx.note('convert-operation-schemes', 'info', `operation schemes ${o.schemes.join(', ')} became ${servers.length} operation server(s)`, source);
    }
    const first = hostless[0];
    if (first) {
      // one note, not one per operation: Kubernetes has schemes on all of its 1,123 operations
      const sets = [...new Set(hostless.map((o) => o.schemes.join(', ')))].map((s) => `[${s}]`).join(', ');
      ctx.note(
        'convert-operation-schemes',
        'warn',
        `operation schemes cannot be expressed as servers without a host (${hostless.length} operation(s), schemes ${sets}); kept as x-schemes on each operation`,
        ['paths', first.path, first.method, 'schemes'],
      );
    }
  };
}
