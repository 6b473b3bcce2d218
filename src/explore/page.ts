/**
 * The explorer page: one self-contained HTML file that works from file:// with the network off.
 * The reference (reference.ts) is rendered here as escaped HTML; the original source, the
 * findings and the map from findings to operations travel as inert JSON that a small script
 * turns into the source panel, the gutter markers, the findings drawer and the badges.
 * Nothing from the API description is ever HTML or script: it is escaped, or JSON in a
 * `<script type="application/json">` that the parser cannot leave (`<`, U+2028 and U+2029 escaped).
 */
import { type Finding, toPointer } from '../findings/finding.js';
import { type ScorePoint, scoreSparkline } from './chart.js';
import { esc as escapeHtml, type Reference } from './reference.js';

export type { ScorePoint } from './chart.js';

/** What the page shows. */
export interface ExplorerInput {
  title: string;
  /** Where the view came from, e.g. { format: 'Swagger 2.0', file: 'petstore.yaml', converted: true }. */
  source: { format: string; file: string; converted: boolean };
  /** The version shown, e.g. 'OpenAPI 3.0.3'. */
  shownAs: string;
  /** Conversion notes (2.0 input), located at the 2.0 lines. */
  notes: Finding[];
  findings: Array<Finding & { category?: string; pack?: string }>;
  /** The files as written (display name and text). */
  files: Array<{ name: string; text: string }>;
  score?: { score: number; grade: string };
  /** The spec's recorded scores from the registry, oldest first. */
  history?: ScorePoint[];
  reference: Reference;
  generator: string;
}

/** Allows nothing remote: no fonts, no telemetry, no images but data: URIs, no requests at all. */
export const CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** JSON that stays inert inside a script element (and survives U+2028/2029 in older parsers). */
export function inertJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The operation a finding is about: the longest operation pointer its path starts with. */
function operationIndex(ops: ReadonlyArray<{ id: string; pointer: string }>): (pointer: string) => string | undefined {
  const byPointer = new Map(ops.map((op) => [op.pointer, op.id]));
  return (pointer) => {
    // the pointer itself, then each shorter prefix at a `/`: as many lookups as the path is deep
    for (let end = pointer.length; end > 0; end = pointer.lastIndexOf('/', end - 1)) {
      const id = byPointer.get(pointer.slice(0, end));
      if (id !== undefined) return id;
    }
    return undefined;
  };
}

/** The head every explorer page shares: the CSP that allows nothing remote, no referrer, the title and the page's style. */
export function documentHead(title: string, generator: string, style: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${escapeHtml(generator)}">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>`;
}

export function renderExplorerPage(input: ExplorerInput): string {
  const operationOf = operationIndex(input.reference.operations);
  const all = [...input.findings.map((f) => ({ ...f, kind: 'finding' })), ...input.notes.map((n) => ({ ...n, kind: 'note' }))];
  const data = {
    files: input.files,
    findings: all.map((f) => ({
      kind: f.kind,
      code: f.code,
      severity: f.severity,
      message: f.message,
      fix: f.fix,
      category: f.category,
      pack: 'pack' in f ? f.pack : undefined,
      file: f.source ?? input.files[0]?.name,
      line: f.range?.start.line,
      op: operationOf(toPointer(f.path)),
    })),
  };
  const counts = { error: 0, warn: 0, info: 0, hint: 0 };
  for (const f of input.findings) counts[f.severity]++;
  const origin = `Source: ${input.source.format} (${input.source.file}) · shown as ${input.shownAs}${input.source.converted ? ` (converted, ${input.notes.length} notes)` : ''}`;
  const trend = input.history?.length ? `<span id="trend" title="score history (${input.history.length} recorded lints)">${scoreSparkline(input.history)}</span>` : '';
  return `${documentHead(input.title, input.generator, STYLE)}
<body>
<header id="top">
<strong class="title">${escapeHtml(input.title)}</strong>
<span id="origin">${escapeHtml(origin)}</span>
<span class="counts"><button type="button" class="sev error" data-sev="error">${counts.error} errors</button><button type="button" class="sev warn" data-sev="warn">${counts.warn} warnings</button><button type="button" class="sev info" data-sev="info">${counts.info + counts.hint} hygiene</button></span>
${input.score ? `<span id="score" class="grade-${escapeHtml(input.score.grade.replace(/[^A-Z]/g, ''))}">score ${input.score.score} · ${escapeHtml(input.score.grade)}</span>` : '<span id="score">not scored</span>'}${trend}
<button type="button" id="toggle-source" aria-pressed="false">Source</button><button type="button" id="toggle-drawer" aria-pressed="false">Findings</button>
</header>
<main>
<div id="reference">${input.reference.html}</div>
</main>
<aside id="source" hidden><div id="source-files"></div><div id="source-text"></div></aside>
<aside id="drawer" hidden><div id="filters"></div><ol id="finding-list"></ol></aside>
<script type="application/json" id="explorer-data">${inertJson(data)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

const STYLE = `
:root{--err:#c62828;--warn:#ef6c00;--info:#1565c0;--bg:#fff;--fg:#1d1d1f;--muted:#667;--line:#e3e3e8;--top:44px;--side:45vw;--dock:36vh}
*{box-sizing:border-box}body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
#top{position:sticky;top:0;z-index:3;height:var(--top);display:flex;gap:10px;align-items:center;padding:0 14px;background:#f6f6f8;border-bottom:1px solid var(--line);white-space:nowrap}
#top .title{font-size:15px;overflow:hidden;text-overflow:ellipsis;max-width:28vw}
#origin{flex:1 1 auto;min-width:0;overflow:hidden;text-overflow:ellipsis;color:var(--muted)}
button{font:inherit;cursor:pointer;border:1px solid var(--line);background:#fff;border-radius:4px;padding:2px 8px}button[aria-pressed=true]{background:#e8eaf6;border-color:#9fa8da}
.counts button{border-radius:0;margin-left:-1px}.counts button:first-child{border-radius:4px 0 0 4px}.counts button:last-child{border-radius:0 4px 4px 0}
.sev.error{color:var(--err)}.sev.warn{color:var(--warn)}.sev.info{color:var(--info)}
#score{font-weight:600}.grade-A,.grade-B{color:#2e7d32}.grade-C{color:#9e7c00}.grade-D,.grade-F{color:var(--err)}
.spark{vertical-align:middle;height:28px}.spark polyline{fill:none;stroke:var(--info);stroke-width:1.5}.spark circle{fill:var(--info)}
body.with-source main{margin-right:var(--side)}body.with-drawer main{margin-bottom:var(--dock)}
#source{position:fixed;z-index:2;top:var(--top);right:0;bottom:0;width:var(--side);overflow:auto;border-left:1px solid var(--line);background:#fafafb}
body.with-drawer #source{bottom:var(--dock)}
#drawer{position:fixed;z-index:2;left:0;right:0;bottom:0;height:var(--dock);overflow:auto;border-top:2px solid var(--line);background:#fff;padding:0 14px}
#filters{position:sticky;top:0;background:#fff;padding:6px 0;display:flex;gap:6px}
#source-files{position:sticky;top:0;z-index:3;background:#fafafb;padding:4px;border-bottom:1px solid var(--line)}#source-files button.on{background:#e8eaf6}
#source-text{position:relative;margin:0}
#source-text .window{position:absolute;left:0;display:flex}
#source-text pre{margin:0;font:12px/18px ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre}
#source-text .gutter{width:5em;padding-right:8px;text-align:right;color:#999;user-select:none;border-right:1px solid var(--line);cursor:pointer}
#source-text .code{padding-left:8px;position:relative;z-index:1}
#source-text .marker,#source-text .hl{position:absolute;left:0;right:0;height:18px}
#source-text .marker{border-left:4px solid;opacity:.35}.m-error{background:#f8c9c4;border-color:var(--err)}.m-warn{background:#ffd8a8;border-color:var(--warn)}.m-info,.m-hint{background:#c8dafc;border-color:var(--info)}.m-note{background:#e1bee7;border-color:#8e24aa}
#source-text .hl{outline:2px solid #333;z-index:2;pointer-events:none}
.ref{display:flex;align-items:flex-start}
.ref-nav{position:sticky;top:var(--top);flex:0 0 260px;max-height:calc(100vh - var(--top));overflow:auto;padding:8px 4px 24px 0;border-right:1px solid var(--line);font-size:13px}
body.with-drawer .ref-nav{max-height:calc(100vh - var(--top) - var(--dock))}
.ref-nav ul{list-style:none;padding-left:12px;margin:2px 0}.ref-nav a{text-decoration:none;color:inherit;display:block;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding:1px 0}.ref-nav a:hover{color:#3949ab}
.ref-nav .nav-tag>a{font-weight:600}.ref-nav .m{min-width:44px;font-size:10px}
.ref-main{flex:1;min-width:0;padding:0 24px 48px;max-width:1100px}
.ref-info{padding:12px 0}.ref-info h1{display:inline;margin-right:8px}.ref-info .logo{max-height:48px;vertical-align:middle;margin-right:12px}
section.tag>h2{margin:28px 0 4px;padding-top:8px;border-top:2px solid var(--line)}
article.op{border-top:1px solid var(--line);padding:10px 0;scroll-margin-top:calc(var(--top) + 8px);content-visibility:auto;contain-intrinsic-size:auto 360px}article.op.hl{background:#fffde7}
.op-head{font-size:15px}.path{font-size:14px}.summary{font-weight:400;color:#333}
.m{display:inline-block;min-width:58px;text-align:center;font:600 11px/18px ui-monospace,monospace;border-radius:3px;padding:0 5px;margin-right:6px;color:#fff;background:#546e7a}
.m-get{background:#2e7d32}.m-post{background:#1565c0}.m-put{background:#ef6c00}.m-patch{background:#6a1b9a}.m-delete{background:#c62828}.m-query{background:#00838f}.m-head,.m-options,.m-trace{background:#455a64}
.dep{color:var(--err);font-size:12px}.deprecated .path{text-decoration:line-through}
.badge{display:inline-block;margin-left:8px;border-radius:9px;padding:0 7px;font-size:12px;color:#fff;background:var(--warn);cursor:pointer}.badge.error{background:var(--err)}.badge.info,.badge.hint{background:var(--info)}
.img-blocked{color:var(--muted);font-style:italic}
#finding-list{padding-left:28px;margin:4px 0}#finding-list li{margin:4px 0;cursor:pointer;content-visibility:auto;contain-intrinsic-size:auto 42px}#finding-list li:hover{background:#f5f5f7}#finding-list .fix{color:var(--muted)}
#finding-list li.error::marker{color:var(--err)}#finding-list li.warn::marker{color:var(--warn)}
table{border-collapse:collapse;margin:4px 0}td,th{border:1px solid var(--line);padding:2px 6px;text-align:left;vertical-align:top}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.92em}
`;

// The page's only script: builds the source panel, gutter markers, drawer and badges from the
// embedded JSON with textContent (never innerHTML), and links findings, operations and lines.
// The source panel draws only the lines around the visible ones (a huge file has hundreds of thousands).
const SCRIPT = `
(function(){
var data=JSON.parse(document.getElementById('explorer-data').textContent);
var rank={error:3,warn:2,info:1,hint:0};var LH=18,PAD=300,MAXCOL=4000;
var $=function(id){return document.getElementById(id);};
$('origin').title=$('origin').textContent;
var byOp={};data.findings.forEach(function(f){if(f.op&&f.kind==='finding'){(byOp[f.op]=byOp[f.op]||[]).push(f);}});
Object.keys(byOp).forEach(function(id){var el=$(id);if(!el)return;var h=el.querySelector('h3')||el;var b=document.createElement('span');var fs=byOp[id];var worst=fs.reduce(function(a,f){return rank[f.severity]>rank[a]?f.severity:a;},'hint');b.className='badge '+worst;b.textContent=String(fs.length);b.title=fs.length+' findings: show them';b.setAttribute('data-findings',String(fs.length));b.onclick=function(){openDrawer();filters.op=id;filters.at='';renderDrawer();};h.appendChild(b);});
var view=null;
function fileOf(x){return x.file||data.files[0].name;}
function marksOf(name){var marks={};data.findings.forEach(function(x){if(!x.line||fileOf(x)!==name)return;var sev=x.kind==='note'?'note':x.severity;var m=marks[x.line]=marks[x.line]||{sev:sev,titles:[]};if(m.sev==='note'||(sev!=='note'&&rank[sev]>rank[m.sev]))m.sev=sev;m.titles.push((x.kind==='note'?'conversion note':x.severity)+' '+x.code+': '+x.message);});return marks;}
function showFile(name){var f=data.files.find(function(x){return x.name===name;})||data.files[0];if(!f||(view&&view.file===f.name))return;var box=$('source-text');box.textContent='';var lines=f.text.split('\\n');var widest=0;for(var i=0;i<lines.length;i++)if(lines[i].length>widest)widest=lines[i].length;var marks=marksOf(f.name);view={file:f.name,lines:lines,marks:marks,from:-1,to:-1,win:null};box.style.height=(lines.length*LH)+'px';box.style.width='calc('+(Math.min(widest,MAXCOL)+12)+'ch + 6em)';box.setAttribute('data-lines',String(lines.length));box.setAttribute('data-marked-lines',String(Object.keys(marks).length));var sel=$('source-files');sel.textContent='';data.files.forEach(function(x){var b=document.createElement('button');b.type='button';b.textContent=x.name;if(x.name===f.name)b.className='on';b.onclick=function(){showFile(x.name);};sel.appendChild(b);});draw(true);}
function draw(force){if(!view)return;var p=$('source'),box=$('source-text');var first=Math.max(0,Math.floor((p.scrollTop-box.offsetTop)/LH));var count=Math.ceil(p.clientHeight/LH)+1;if(!force&&first>=view.from&&first+count<=view.to)return;var from=Math.max(0,first-PAD),to=Math.min(view.lines.length,first+count+PAD);var win=document.createElement('div');win.className='window';win.style.top=(from*LH)+'px';var g=document.createElement('pre');g.className='gutter';var nums=[];for(var i=from+1;i<=to;i++)nums.push(i);g.textContent=nums.join('\\n');var c=document.createElement('pre');c.className='code';var part=view.lines.slice(from,to);for(var j=0;j<part.length;j++)if(part[j].length>MAXCOL)part[j]=part[j].slice(0,MAXCOL)+' … ('+(part[j].length-MAXCOL)+' more characters)';c.textContent=part.join('\\n');win.appendChild(g);win.appendChild(c);box.querySelectorAll('.marker').forEach(function(m){m.remove();});var frag=document.createDocumentFragment();for(var k=from+1;k<=to;k++){var m=view.marks[k];if(!m)continue;var d=document.createElement('div');d.className='marker m-'+m.sev;d.setAttribute('data-line',String(k));d.style.top=((k-1)*LH)+'px';d.title=m.titles.join('\\n');frag.appendChild(d);}if(view.win)view.win.remove();box.appendChild(win);box.appendChild(frag);view.win=win;view.from=from;view.to=to;}
$('source-text').addEventListener('click',function(e){if(!view)return;var g=e.target.closest&&e.target.closest('.gutter,.marker');if(!g)return;var line=Math.floor((e.clientY-$('source-text').getBoundingClientRect().top)/LH)+1;if(!view.marks[line])return;openDrawer();filters.op='';filters.at=view.file+':'+line;renderDrawer();});
var pending=false;$('source').addEventListener('scroll',function(){if(pending)return;pending=true;requestAnimationFrame(function(){pending=false;draw(false);});});
function setPanel(id,open){var p=$(id);p.hidden=!open;document.body.classList.toggle(id==='source'?'with-source':'with-drawer',open);$(id==='source'?'toggle-source':'toggle-drawer').setAttribute('aria-pressed',String(open));if(open&&id==='source'){showFile(view?view.file:data.files[0]&&data.files[0].name);draw(true);}}
function openDrawer(){setPanel('drawer',true);}
function openSource(file,line){setPanel('source',true);showFile(file);if(line){var p=$('source'),box=$('source-text');var hl=box.querySelector('.hl')||document.createElement('div');hl.className='hl';hl.setAttribute('data-line',String(line));hl.style.top=((line-1)*LH)+'px';box.appendChild(hl);p.scrollTop=Math.max(0,box.offsetTop+(line-1)*LH-p.clientHeight/2);draw(false);}}
function goOp(id){var el=id&&$(id);if(!el)return;document.querySelectorAll('article.op.hl').forEach(function(x){x.classList.remove('hl');});el.classList.add('hl');el.scrollIntoView({block:'start'});}
var filters={severity:'',category:'',rule:'',pack:'',op:'',at:''};
function renderDrawer(){var list=$('finding-list');list.textContent='';var shown=0;var frag=document.createDocumentFragment();data.findings.forEach(function(f){if(filters.severity&&f.severity!==filters.severity&&!(filters.severity==='info'&&f.severity==='hint'))return;if(filters.category&&f.category!==filters.category)return;if(filters.rule&&f.code!==filters.rule)return;if(filters.pack&&f.pack!==filters.pack)return;if(filters.op&&f.op!==filters.op)return;if(filters.at&&fileOf(f)+':'+f.line!==filters.at)return;var li=document.createElement('li');li.className='finding '+f.severity;li.setAttribute('data-code',f.code);var head=document.createElement('div');head.textContent=(f.kind==='note'?'conversion note':f.severity)+' · '+f.code+(f.line?' · '+fileOf(f)+':'+f.line:'')+' — '+f.message;li.appendChild(head);if(f.fix){var fx=document.createElement('div');fx.className='fix';fx.textContent='Fix: '+f.fix;li.appendChild(fx);}li.onclick=function(){goOp(f.op);openSource(fileOf(f),f.line);};frag.appendChild(li);shown++;});list.appendChild(frag);list.setAttribute('data-shown',String(shown));}
function select(name,values){var s=document.createElement('select');s.setAttribute('data-filter',name);var o=document.createElement('option');o.value='';o.textContent='all '+name;s.appendChild(o);values.forEach(function(v){var x=document.createElement('option');x.value=v;x.textContent=v;s.appendChild(x);});s.onchange=function(){filters[name]=s.value;filters.op='';filters.at='';renderDrawer();};return s;}
function uniq(k){var seen={};data.findings.forEach(function(f){if(f[k])seen[f[k]]=1;});return Object.keys(seen).sort();}
var fl=$('filters');[['severity',['error','warn','info']],['category',uniq('category')],['rule',uniq('code')],['pack',uniq('pack')]].forEach(function(p){fl.appendChild(select(p[0],p[1]));});
renderDrawer();
$('toggle-source').onclick=function(){setPanel('source',$('source').hidden);};
$('toggle-drawer').onclick=function(){setPanel('drawer',$('drawer').hidden);};
document.querySelectorAll('button.sev').forEach(function(b){b.onclick=function(){openDrawer();filters.severity=b.getAttribute('data-sev');filters.op='';filters.at='';document.querySelector('select[data-filter=severity]').value=filters.severity;renderDrawer();};});
})();
`;
