/**
 * `apictl explore SPEC --serve`: the explorer page on a loopback HTTP server, rendered again when
 * the description (or any file it `$ref`s) is saved, with the reader's place kept across reloads.
 *
 * The served copy differs from the written file in two ways only: its CSP also allows
 * `connect-src 'self'` (for the event stream), and a small script before `</body>` listens for
 * `reload` / `problem` events, saves the reader's place in sessionStorage and restores it.
 * A failed render never replaces the page: the last good one stays, and the error is shown in a banner.
 */
import { type FSWatcher, watch } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CSP } from './page.js';

export interface Rendered {
  html: string;
  /** Absolute paths of the entry file and every file it `$ref`s. */
  watch: string[];
}

export interface ServeOptions {
  render: () => Promise<Rendered>;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  log?: (line: string) => void;
  debounceMs?: number;
}

export interface ExplorerServer {
  url: string;
  close(): Promise<void>;
  /** Resolves after the next completed re-render, good or failed (for tests). */
  nextRender(): Promise<void>;
}

const KEEP_ALIVE_MS = 15_000;
const SERVED_CSP = `${CSP}; connect-src 'self'`;
const CSP_ATTRIBUTE = `content="${CSP}"`;

export async function serveExplorer(opts: ServeOptions): Promise<ExplorerServer> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => undefined);
  const debounceMs = opts.debounceMs ?? 150;

  // The first render happens before the port opens: if it fails, there is nothing to serve.
  const first = await opts.render();
  // `generation` counts good renders; each served copy knows its own, so a client that missed a
  // `reload` (it was reloading when the next change landed) catches up when it reconnects.
  let generation = 1;
  let page = servedPage(first.html, generation);
  let pageSource = first.html;
  let watching = first.watch;
  let problem: string | undefined;

  const clients = new Set<ServerResponse>();
  const send = (res: ServerResponse, event: string, data: string): void => {
    // one `data:` line per line: a message with newlines must not end the event early
    res.write(
      `event: ${event}\n${data
        .split(/\r\n|\r|\n/)
        .map((l) => `data: ${l}\n`)
        .join('')}\n`,
    );
  };
  const broadcast = (event: string, data: string): void => {
    for (const res of clients) send(res, event, data);
  };

  let port = 0;
  const server = createServer((req, res) => handle(req, res));
  // DNS rebinding: a hostile site resolving its own name to 127.0.0.1 sends its own Host header.
  const allowedHost = (value: string | undefined): boolean => {
    const h = (value ?? '').toLowerCase();
    const names = ['127.0.0.1', 'localhost', '[::1]'];
    return names.some((n) => h === `${n}:${port}` || (port === 80 && h === n));
  };

  function handle(req: IncomingMessage, res: ServerResponse): void {
    if (!allowedHost(req.headers.host)) return plain(res, 403, 'Forbidden: unexpected Host header\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return plain(res, 405, 'Method Not Allowed\n');
    }
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname === '/' || pathname === '/index.html') {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': Buffer.byteLength(page),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : page);
      return;
    }
    if (pathname === '/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff' });
      if (req.method === 'HEAD') return void res.end();
      clients.add(res);
      res.on('close', () => clients.delete(res));
      // the current state, so a page loaded while the description is broken shows why
      res.write('retry: 1000\n\n');
      send(res, 'reload', String(generation));
      if (problem !== undefined) send(res, 'problem', problem);
      return;
    }
    plain(res, 404, 'Not Found\n');
  }

  const keepAlive = setInterval(() => {
    for (const res of clients) res.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  keepAlive.unref();

  // Re-rendering: debounced, one at a time; a change during a render asks for one more.
  let timer: NodeJS.Timeout | undefined;
  let rendering = false;
  let again = false;
  let closed = false;
  let waiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  const schedule = (): void => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void rerender(), debounceMs);
  };
  const watcher = new DirWatcher(schedule, log);

  async function rerender(): Promise<void> {
    timer = undefined;
    if (rendering) {
      again = true;
      return;
    }
    rendering = true;
    try {
      const next = await opts.render();
      if (closed) return;
      watching = next.watch;
      // an unchanged page is not worth a reload, unless the banner has to go
      if (next.html !== pageSource || problem !== undefined) {
        page = servedPage(next.html, generation + 1);
        pageSource = next.html;
        generation++;
        problem = undefined;
        broadcast('reload', String(generation));
      }
    } catch (err) {
      if (closed) return;
      problem = err instanceof Error ? err.message : String(err);
      log(problem);
      broadcast('problem', problem);
    } finally {
      rendering = false;
    }
    // re-armed after every render: a new `$ref` is watched, a directory that failed is retried
    watcher.set(watching);
    const done = waiters;
    waiters = [];
    for (const w of done) w.resolve();
    if (again) {
      again = false;
      schedule();
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      port = (server.address() as AddressInfo).port;
      resolve();
    });
  });
  server.on('error', (err) => log(`server: ${err.message}`));
  watcher.set(watching);

  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}/`,
    nextRender: () => new Promise<void>((resolve, reject) => waiters.push({ resolve, reject })),
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      clearInterval(keepAlive);
      watcher.close();
      for (const res of clients) res.end();
      clients.clear();
      for (const w of waiters) w.reject(new Error('the explorer server was closed'));
      waiters = [];
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function plain(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}

/** The page as served: the CSP widened to the event stream, the live script before `</body>`. */
function servedPage(html: string, generation: number): string {
  // The page's own template puts the CSP first; description text never reaches the head unescaped,
  // so the first match is the meta element. Failing here means page.ts changed under us.
  const at = html.indexOf(CSP_ATTRIBUTE);
  if (at < 0) throw new Error('explore --serve: the page has no Content-Security-Policy to extend (page.ts and serve.ts disagree)');
  const end = html.lastIndexOf('</body>');
  if (end < 0) throw new Error('explore --serve: the page has no </body> to put the live-reload script before');
  const script = `<script>${CLIENT.replace('__GENERATION__', String(generation))}</script>\n`;
  return html.slice(0, at) + `content="${SERVED_CSP}"` + html.slice(at + CSP_ATTRIBUTE.length, end) + script + html.slice(end);
}

/**
 * Watches files through their directories, filtered by name: editors that save by writing a
 * new file and renaming it over the old one would leave a watch on the file itself dead.
 */
class DirWatcher {
  private dirs = new Map<string, { watcher: FSWatcher; names: Set<string> }>();
  constructor(
    private readonly onChange: () => void,
    private readonly log: (line: string) => void,
  ) {}

  set(files: string[]): void {
    const want = new Map<string, Set<string>>();
    for (const f of files) {
      const abs = path.resolve(f);
      const dir = path.dirname(abs);
      const names = want.get(dir) ?? new Set<string>();
      names.add(path.basename(abs));
      want.set(dir, names);
    }
    for (const [dir, entry] of this.dirs) {
      if (!want.has(dir)) {
        entry.watcher.close();
        this.dirs.delete(dir);
      }
    }
    for (const [dir, names] of want) {
      const known = this.dirs.get(dir);
      if (known) {
        known.names = names;
        continue;
      }
      try {
        const entry = { names, watcher: undefined as unknown as FSWatcher };
        entry.watcher = watch(dir, (_event, name) => {
          // no name (some platforms): assume it was ours
          if (name === null || entry.names.has(name)) this.onChange();
        });
        entry.watcher.on('error', (err) => {
          this.log(`watch ${dir}: ${err.message}`);
          entry.watcher.close();
          if (this.dirs.get(dir) === entry) this.dirs.delete(dir);
        });
        this.dirs.set(dir, entry);
      } catch (err) {
        this.log(`watch ${dir}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  close(): void {
    for (const { watcher } of this.dirs.values()) watcher.close();
    this.dirs.clear();
  }
}

// The served page's live-reload script: plain ES5 syntax, no innerHTML. The reader's place is
// kept by the visible operation whose top is nearest the top of the viewport (under the sticky
// header) and its offset, so an edit above it does not move what they were reading; the panels,
// their scroll, the file shown in the source panel and the drawer's filters come back too. The
// page lays out only what is on screen (content-visibility), so sizes above the anchor settle as
// it scrolls: placing repeats for a few frames until the anchor stays put. Scroll restoration is
// the script's alone (`manual`): the browser's own would put back the old scrollY, or jump to the
// URL's fragment.
const CLIENT = `
(function(){
var GEN='__GENERATION__';var KEY='apictl-explore-place';
function $(id){return document.getElementById(id);}
try{history.scrollRestoration='manual';}catch(e){}
function topLine(){var h=$('top');return h?h.getBoundingClientRect().bottom:0;}
function anchor(){var line=topLine();var list=document.querySelectorAll('article.op');var best=null;var d=Infinity;for(var i=0;i<list.length;i++){var r=list[i].getBoundingClientRect();if(r.top>window.innerHeight)break;if(r.bottom>line&&Math.abs(r.top-line)<d){d=Math.abs(r.top-line);best={id:list[i].id,offset:r.top};}}return best;}
function panel(id){var p=$(id);if(!p)return null;var on=p.querySelector('#source-files button.on');return{open:!p.hidden,top:p.scrollTop,file:on?on.textContent:null};}
function save(){var s={x:window.pageXOffset,y:window.pageYOffset,anchor:anchor(),source:panel('source'),drawer:panel('drawer'),filters:{}};var sel=document.querySelectorAll('select[data-filter]');for(var i=0;i<sel.length;i++)s.filters[sel[i].getAttribute('data-filter')]=sel[i].value;try{sessionStorage.setItem(KEY,JSON.stringify(s));}catch(e){}}
function place(s){var y=s.y;var el=y>0&&s.anchor?$(s.anchor.id):null;if(el)y=window.pageYOffset+el.getBoundingClientRect().top-s.anchor.offset;window.scrollTo(s.x,y);if(!el)return;var n=0,still=0;(function settle(){var d=el.getBoundingClientRect().top-s.anchor.offset;if(Math.abs(d)>1){window.scrollBy(0,d);still=0;}else still++;if(++n<60&&still<3)requestAnimationFrame(settle);})();}
function has(sel,v){for(var i=0;i<sel.options.length;i++)if(sel.options[i].value===v)return true;return false;}
function reopen(id,toggle,saved){var p=$(id);if(!p||!saved)return;if(saved.open&&p.hidden){var t=$(toggle);if(t)t.click();}if(saved.file){var bs=p.querySelectorAll('#source-files button');for(var i=0;i<bs.length;i++)if(bs[i].textContent===saved.file&&!bs[i].classList.contains('on'))bs[i].click();}p.scrollTop=saved.top;}
function restore(){var raw=null;try{raw=sessionStorage.getItem(KEY);sessionStorage.removeItem(KEY);}catch(e){}if(!raw)return;var s;try{s=JSON.parse(raw);}catch(e){return;}
var sel=document.querySelectorAll('select[data-filter]');for(var i=0;i<sel.length;i++){var v=s.filters&&s.filters[sel[i].getAttribute('data-filter')];if(typeof v==='string'&&v!==sel[i].value&&has(sel[i],v)){sel[i].value=v;sel[i].dispatchEvent(new Event('change',{bubbles:true}));}}
reopen('source','toggle-source',s.source);reopen('drawer','toggle-drawer',s.drawer);
place(s);window.addEventListener('load',function(){place(s);});}
function banner(text){var b=$('apictl-problem');if(!b){b=document.createElement('div');b.id='apictl-problem';b.setAttribute('role','alert');var st=b.style;st.position='fixed';st.left='0';st.right='0';st.bottom='0';st.zIndex='10';st.margin='0';st.padding='8px 14px';st.maxHeight='40vh';st.overflow='auto';st.whiteSpace='pre-wrap';st.font='13px/1.4 ui-monospace,Menlo,monospace';st.background='#b71c1c';st.color='#fff';document.body.appendChild(b);}b.textContent='Not re-rendered, showing the last good version: '+text;}
restore();
if(!window.EventSource)return;
var es=new EventSource('/events');
es.addEventListener('reload',function(e){if(String(e.data)!==GEN){es.close();save();location.reload();}});
es.addEventListener('problem',function(e){banner(String(e.data));});
})();
`;
