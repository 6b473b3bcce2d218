/**
 * The portfolio page of `apictl explore` without a SPEC: every registered spec in one table with
 * its format, versions, latest score, a score-history sparkline and its findings by severity, each
 * linking to its own explorer page written beside this one. Same rules as page.ts: one file that
 * works from file:// with the network off, everything rendered on the server side and escaped; the
 * only script sorts the table rows and reads nothing but data-* attributes.
 */
import { type ScorePoint, scoreSparkline } from './chart.js';
import { documentHead } from './page.js';
import { esc } from './reference.js';

/** One recorded lint run, as a point of the chart. */
export type PortfolioRun = ScorePoint;

export interface PortfolioSpec {
  name: string;
  slug: string;
  /** Relative link to the spec's own page, e.g. `petstore.html`; anything but a bare file name is not linked. */
  href: string;
  /** The latest version's original format as written, e.g. `Swagger 2.0`, `OpenAPI 3.1.0`. */
  format: string;
  latestVersion: number;
  versions: number;
  /** The latest run's score; absent when the spec was never linted. */
  score?: { score: number; grade: string };
  /** The version the latest run linted, when known and not the latest one (its score is then older than the spec). */
  scoredVersion?: number;
  /** Findings of the latest run by severity; absent when never linted. */
  counts?: { error: number; warn: number; info: number; hint: number };
  /** Runs oldest first; at most the latest {@link CHART_RUNS}. */
  history: PortfolioRun[];
  /** All recorded runs, when there are more than `history` holds. */
  runs?: number;
}

export interface PortfolioInput {
  title: string;
  generator: string;
  specs: PortfolioSpec[];
}

/** Most runs a sparkline draws (the latest ones): beyond that the points merge anyway. */
export const CHART_RUNS = 100;

/** A link the page may carry: a bare file name beside the page, nothing that leaves the folder or the machine. */
const PAGE_LINK = /^[a-z0-9._-]+\.html$/;

export function isPageLink(href: string): boolean {
  return PAGE_LINK.test(href);
}

const SEVERITIES = ['error', 'warn', 'info', 'hint'] as const;

export function renderPortfolioPage(input: PortfolioInput): string {
  const linted = input.specs.filter((s) => s.score !== undefined);
  const totals = { error: 0, warn: 0, info: 0, hint: 0 };
  for (const s of linted) for (const sev of SEVERITIES) totals[sev] += int(s.counts?.[sev]);
  const summary = `${input.specs.length} ${input.specs.length === 1 ? 'spec' : 'specs'} · ${linted.length} linted`;
  return `${documentHead(input.title, input.generator, STYLE)}
<body>
<header id="top">
<strong class="title">${esc(input.title)}</strong>
<span id="origin">${esc(summary)}</span>
<span class="counts"><span class="sev error">${totals.error} errors</span> <span class="sev warn">${totals.warn} warnings</span> <span class="sev info">${totals.info + totals.hint} hygiene</span></span>
</header>
<main>
${input.specs.length === 0 ? '<p class="empty">No specs in the registry yet (apictl import FILE).</p>' : table(input.specs)}
<p class="note">Latest lint run of each spec; each spec's page is written beside this file.</p>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

function table(specs: PortfolioSpec[]): string {
  const th = (key: string, label: string) => `<th aria-sort="${key === 'name' ? 'ascending' : 'none'}"><button type="button" data-sort="${key}">${label}</button></th>`;
  return `<table id="specs">
<thead><tr>${th('name', 'Spec')}<th>Format</th><th>Version</th>${th('score', 'Score')}<th>History</th>${th('errors', 'Errors')}<th>Warnings</th><th>Info</th><th>Hints</th></tr></thead>
<tbody>
${specs.map(row).join('\n')}
</tbody>
</table>`;
}

function row(s: PortfolioSpec): string {
  const name = isPageLink(s.href) ? `<a href="${esc(s.href)}">${esc(s.name)}</a>` : esc(s.name);
  const versions = `v${int(s.latestVersion)} <span class="muted">(${int(s.versions)} ${int(s.versions) === 1 ? 'version' : 'versions'})</span>`;
  const scored = s.score !== undefined;
  const stale = scored && s.scoredVersion !== undefined && s.scoredVersion !== s.latestVersion ? ` <span class="muted">(of v${int(s.scoredVersion)})</span>` : '';
  const score = s.score ? `<td class="score grade-${gradeClass(s.score.grade)}">${int(s.score.score)} · ${esc(s.score.grade)}${stale}</td>` : '<td class="score none">not linted</td>';
  const counts = SEVERITIES.map((sev) => `<td class="num ${sev}">${scored && s.counts ? int(s.counts[sev]) : '–'}</td>`).join('');
  const attrs = `data-name="${esc(s.name)}" data-score="${s.score ? int(s.score.score) : ''}" data-errors="${scored && s.counts ? int(s.counts.error) : ''}"`;
  return `<tr id="spec-${esc(s.slug)}" ${attrs}><td class="name">${name}<div class="slug">${esc(s.slug)}</div></td><td class="format">${esc(s.format)}</td><td class="versions">${versions}</td>${score}<td class="chart">${scored ? sparkline(s) : ''}</td>${counts}</tr>`;
}

function sparkline(s: PortfolioSpec): string {
  const runs = s.history.slice(-CHART_RUNS);
  if (runs.length === 0) return '';
  const total = Math.max(int(s.runs), runs.length);
  return `${scoreSparkline(runs, total)}<span class="muted runs">${total} ${total === 1 ? 'run' : 'runs'}</span>`;
}

/** Numbers from the registry, never NaN or text in the markup. */
function int(n: number | undefined): number {
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : 0;
}

function gradeClass(grade: string): string {
  return grade.replace(/[^A-Z]/g, '');
}

// page.ts's colours and header bar, plus the table and the sparklines.
const STYLE = `
:root{--err:#c62828;--warn:#ef6c00;--info:#1565c0;--bg:#fff;--fg:#1d1d1f;--muted:#667;--line:#e3e3e8}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
header{position:sticky;top:0;z-index:2;display:flex;gap:12px;align-items:center;flex-wrap:wrap;padding:8px 14px;background:#f6f6f8;border-bottom:1px solid var(--line)}
header .title{font-size:16px}#origin,.muted,.note,.empty,.slug{color:var(--muted)}button{font:inherit;cursor:pointer;border:1px solid var(--line);background:#fff;border-radius:4px;padding:2px 8px}
.sev.error,td.error{color:var(--err)}.sev.warn,td.warn{color:var(--warn)}.sev.info,td.info{color:var(--info)}td.hint{color:var(--muted)}
main{padding:8px 16px}
table{border-collapse:collapse}td,th{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:middle}
th button{border:0;background:none;padding:0;font-weight:600}th[aria-sort=ascending] button::after{content:" ▲"}th[aria-sort=descending] button::after{content:" ▼"}
td.num{text-align:right;font-variant-numeric:tabular-nums}.slug{font-size:12px}
td.score{font-weight:600;white-space:nowrap}td.score.none{font-weight:400;color:var(--muted)}
.grade-A{color:#2e7d32}.grade-B{color:#558b2f}.grade-C{color:#f9a825}.grade-D{color:var(--warn)}.grade-E,.grade-F{color:var(--err)}
td.chart{white-space:nowrap}.spark{vertical-align:middle}.spark polyline{fill:none;stroke:var(--info);stroke-width:1.5}.spark circle{fill:var(--info)}.runs{margin-left:6px;font-size:12px}
`;

// Sorts the rows by their data-* attributes (name, score, errors); unlinted specs stay last.
const SCRIPT = `
(function(){
var t=document.getElementById('specs');if(!t)return;var body=t.tBodies[0];var key='name',dir=1;
function val(r,k){var v=r.getAttribute('data-'+k)||'';return k==='name'?v:(v===''?null:Number(v));}
function sort(){var rows=Array.prototype.slice.call(body.rows);rows.sort(function(a,b){var x=val(a,key),y=val(b,key),c;if(key==='name')c=x.localeCompare(y)*dir;else if(x===null||y===null)c=x===y?0:x===null?1:-1;else c=(x-y)*dir;return c||val(a,'name').localeCompare(val(b,'name'));});rows.forEach(function(r){body.appendChild(r);});}
t.querySelectorAll('th button[data-sort]').forEach(function(b){b.onclick=function(){var k=b.getAttribute('data-sort');dir=k===key?-dir:(k==='name'?1:-1);key=k;t.querySelectorAll('th[aria-sort]').forEach(function(th){th.setAttribute('aria-sort','none');});b.parentNode.setAttribute('aria-sort',dir>0?'ascending':'descending');sort();};});
})();
`;
