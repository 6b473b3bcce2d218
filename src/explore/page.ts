/**
 * The explorer page: one self-contained HTML file that works from file:// with the network off.
 * The reference (reference.ts) is rendered here as escaped HTML; the original source, the
 * findings and the map from findings to operations travel as inert JSON that a small script
 * turns into the source panel, the gutter markers, the findings drawer and the badges.
 * Nothing from the API description is ever HTML or script: it is escaped, or JSON in a
 * `<script type="application/json">` that the parser cannot leave (`<`, U+2028 and U+2029 escaped).
 */
import { type Finding, toPointer } from '../findings/finding.js';
import { esc as escapeHtml, type Reference } from './reference.js';

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
  reference: Reference;
  generator: string;
}

/** Allows nothing remote: no fonts, no telemetry, no images but data: URIs, no requests at all. */
export const CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** JSON that stays inert inside a script element (and survives U+2028/2029 in older parsers). */
export function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The operation a finding is about: the longest operation pointer its path starts with. */
function operationOf(pointer: string, ops: Array<{ id: string; pointer: string }>): string | undefined {
  let best: { id: string; pointer: string } | undefined;
  for (const op of ops) if ((pointer === op.pointer || pointer.startsWith(`${op.pointer}/`)) && (!best || op.pointer.length > best.pointer.length)) best = op;
  return best?.id;
}

export function renderExplorerPage(input: ExplorerInput): string {
  const ops = input.reference.operations;
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
      op: operationOf(toPointer(f.path), ops),
    })),
  };
  const counts = { error: 0, warn: 0, info: 0, hint: 0 };
  for (const f of input.findings) counts[f.severity]++;
  const origin = `Source: ${input.source.format} (${input.source.file}) · shown as ${input.shownAs}${input.source.converted ? ` (converted, ${input.notes.length} notes)` : ''}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${escapeHtml(input.generator)}">
<title>${escapeHtml(input.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header id="top">
<strong class="title">${escapeHtml(input.title)}</strong>
<span id="origin">${escapeHtml(origin)}</span>
<span class="counts"><button type="button" class="sev error" data-sev="error">${counts.error} errors</button><button type="button" class="sev warn" data-sev="warn">${counts.warn} warnings</button><button type="button" class="sev info" data-sev="info">${counts.info + counts.hint} hygiene</button></span>
${input.score ? `<span id="score" class="grade-${escapeHtml(input.score.grade.replace(/[^A-Z]/g, ''))}">score ${input.score.score} · ${escapeHtml(input.score.grade)}</span>` : '<span id="score">not scored</span>'}
<button type="button" id="toggle-source">Source</button><button type="button" id="toggle-drawer">Findings</button>
</header>
<main>
<div id="reference">${input.reference.html}</div>
<aside id="source" hidden><div id="source-files"></div><div id="source-text"></div></aside>
<aside id="drawer" hidden><div id="filters"></div><ol id="finding-list"></ol></aside>
</main>
<script type="application/json" id="explorer-data">${inertJson(data)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

const STYLE = `
:root{--err:#c62828;--warn:#ef6c00;--info:#1565c0;--bg:#fff;--fg:#1d1d1f;--muted:#667;--line:#e3e3e8}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
header{position:sticky;top:0;z-index:2;display:flex;gap:12px;align-items:center;flex-wrap:wrap;padding:8px 14px;background:#f6f6f8;border-bottom:1px solid var(--line)}
header .title{font-size:16px}#origin{color:var(--muted)}button{font:inherit;cursor:pointer;border:1px solid var(--line);background:#fff;border-radius:4px;padding:2px 8px}
.sev.error{color:var(--err)}.sev.warn{color:var(--warn)}.sev.info{color:var(--info)}
main{display:flex;align-items:flex-start}#reference{flex:1;min-width:0;padding:0 16px}
#source,#drawer{position:sticky;top:48px;width:42%;max-height:calc(100vh - 56px);overflow:auto;border-left:1px solid var(--line);background:#fafafb}
#source-text{position:relative;display:flex;margin:0}
#source-text pre{margin:0;font:12px/18px ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre}
#source-text .gutter{min-width:4em;padding-right:8px;text-align:right;color:#999;user-select:none;border-right:1px solid var(--line)}
#source-text .code{padding-left:8px;position:relative;z-index:1}
#source-text .marker,#source-text .hl{position:absolute;left:0;right:0;height:18px}
#source-text .marker{border-left:4px solid;opacity:.35}.m-error{background:#f8c9c4;border-color:var(--err)}.m-warn{background:#ffd8a8;border-color:var(--warn)}.m-info,.m-hint{background:#c8dafc;border-color:var(--info)}
#source-text .hl{outline:2px solid #333;z-index:2;pointer-events:none}
nav ul{list-style:none;padding-left:14px;margin:2px 0}nav a{text-decoration:none;color:inherit}
article.op{border-top:1px solid var(--line);padding:10px 0}article.op.hl{background:#fffde7}
.method{display:inline-block;min-width:64px;text-align:center;font-weight:600;border-radius:3px;padding:0 6px;margin-right:6px;color:#fff;background:#546e7a}
.badge{display:inline-block;margin-left:8px;border-radius:9px;padding:0 7px;font-size:12px;color:#fff;background:var(--warn)}.badge.error{background:var(--err)}
#finding-list{padding-left:22px}#finding-list li{margin:6px 0;cursor:pointer}#finding-list .fix{color:var(--muted)}
table{border-collapse:collapse}td,th{border:1px solid var(--line);padding:2px 6px;text-align:left;vertical-align:top}
`;

// The page's only script: builds the source panel, gutter markers, drawer and badges from the
// embedded JSON with textContent (never innerHTML), and links findings, operations and lines.
const SCRIPT = `
(function(){
var data=JSON.parse(document.getElementById('explorer-data').textContent);
var rank={error:3,warn:2,info:1,hint:0};var LH=18;
var byOp={};data.findings.forEach(function(f){if(f.op){(byOp[f.op]=byOp[f.op]||[]).push(f);}});
Object.keys(byOp).forEach(function(id){var el=document.getElementById(id);if(!el)return;var h=el.querySelector('h3')||el;var b=document.createElement('span');var fs=byOp[id];var worst=fs.reduce(function(a,f){return rank[f.severity]>rank[a]?f.severity:a;},'hint');b.className='badge '+worst;b.textContent=String(fs.length);b.title=fs.length+' findings';b.setAttribute('data-findings',String(fs.length));h.appendChild(b);});
var current=null;
function showFile(name){var f=data.files.find(function(x){return x.name===name;})||data.files[0];if(!f||current===f.name)return;current=f.name;var box=document.getElementById('source-text');box.textContent='';var marks={};data.findings.forEach(function(x){if(x.line&&(x.file||data.files[0].name)===f.name){var m=marks[x.line]=marks[x.line]||{sev:'hint',titles:[]};if(rank[x.severity]>rank[m.sev])m.sev=x.severity;m.titles.push(x.severity+' '+x.code+': '+x.message);}});var n=f.text.split('\\n').length;var nums=[];for(var i=1;i<=n;i++)nums.push(i);var g=document.createElement('pre');g.className='gutter';g.textContent=nums.join('\\n');var c=document.createElement('pre');c.className='code';c.textContent=f.text;box.appendChild(g);box.appendChild(c);var frag=document.createDocumentFragment();Object.keys(marks).forEach(function(k){var m=marks[k];var d=document.createElement('div');d.className='marker m-'+m.sev;d.setAttribute('data-line',k);d.style.top=((Number(k)-1)*LH)+'px';d.title=m.titles.join('\\n');frag.appendChild(d);});box.appendChild(frag);var sel=document.getElementById('source-files');sel.textContent='';data.files.forEach(function(x){var b=document.createElement('button');b.type='button';b.textContent=x.name;b.onclick=function(){current=null;showFile(x.name);};sel.appendChild(b);});}
function openSource(file,line){var p=document.getElementById('source');p.hidden=false;showFile(file);if(line){var box=document.getElementById('source-text');var hl=box.querySelector('.hl')||document.createElement('div');hl.className='hl';hl.style.top=((line-1)*LH)+'px';box.appendChild(hl);p.scrollTop=Math.max(0,(line-1)*LH-p.clientHeight/2);}}
function goOp(id){var el=id&&document.getElementById(id);if(!el)return;document.querySelectorAll('article.op.hl').forEach(function(x){x.classList.remove('hl');});el.classList.add('hl');el.scrollIntoView({block:'start'});}
var filters={severity:'',category:'',rule:'',pack:''};
function renderDrawer(){var list=document.getElementById('finding-list');list.textContent='';var shown=0;data.findings.forEach(function(f){if(filters.severity&&f.severity!==filters.severity)return;if(filters.category&&f.category!==filters.category)return;if(filters.rule&&f.code!==filters.rule)return;if(filters.pack&&f.pack!==filters.pack)return;var li=document.createElement('li');li.className='finding '+f.severity;li.setAttribute('data-code',f.code);var head=document.createElement('div');head.textContent=f.severity+' · '+f.code+(f.line?' · line '+f.line:'')+' — '+f.message;li.appendChild(head);if(f.fix){var fx=document.createElement('div');fx.className='fix';fx.textContent='Fix: '+f.fix;li.appendChild(fx);}li.onclick=function(){goOp(f.op);openSource(f.file,f.line);};list.appendChild(li);shown++;});list.setAttribute('data-shown',String(shown));}
function select(name,values){var s=document.createElement('select');s.setAttribute('data-filter',name);var o=document.createElement('option');o.value='';o.textContent='all '+name;s.appendChild(o);values.forEach(function(v){var x=document.createElement('option');x.value=v;x.textContent=v;s.appendChild(x);});s.onchange=function(){filters[name]=s.value;renderDrawer();};return s;}
function uniq(k){var seen={};data.findings.forEach(function(f){if(f[k])seen[f[k]]=1;});return Object.keys(seen).sort();}
var fl=document.getElementById('filters');[['severity',['error','warn','info','hint']],['category',uniq('category')],['rule',uniq('code')],['pack',uniq('pack')]].forEach(function(p){fl.appendChild(select(p[0],p[1]));});
renderDrawer();
document.getElementById('toggle-source').onclick=function(){var p=document.getElementById('source');p.hidden=!p.hidden;if(!p.hidden)showFile(current||(data.files[0]&&data.files[0].name));};
document.getElementById('toggle-drawer').onclick=function(){var d=document.getElementById('drawer');d.hidden=!d.hidden;};
document.querySelectorAll('button.sev').forEach(function(b){b.onclick=function(){var d=document.getElementById('drawer');d.hidden=false;filters.severity=b.getAttribute('data-sev');document.querySelector('select[data-filter=severity]').value=filters.severity;renderDrawer();};});
})();
`;
