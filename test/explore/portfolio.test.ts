/** The portfolio page: a registry built by the real CLI (import, lint), read back and rendered; what it says must be what `apictl score` and lint said. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioFromRegistry } from '../../src/explore/portfolio-data.js';
import { renderPortfolioPage, type PortfolioSpec } from '../../src/explore/portfolio.js';
import { CSP } from '../../src/explore/page.js';
import { esc } from '../../src/explore/reference.js';
import { openRegistry } from '../../src/store/index.js';
import { apictl } from '../helpers/cli.js';
import { tempTree } from '../helpers/tmp.js';

const HOSTILE = '</script><img src=x onerror=alert(1)><a href="https://evil.example/">x</a>';

const petstore = (extra = '') => `swagger: "2.0"
info:
  title: Pet Store
  version: "1"${extra}
paths:
  /pets:
    get:
      produces: [application/json]
      responses:
        "200":
          description: ok
`;

const orders = (description: string) => `openapi: 3.1.0
info:
  title: Orders API
  version: 1.0.0
paths:
  /orders:
    get:
      ${description}responses:
        "200":
          description: ok
`;

const hostile = `openapi: 3.1.0
info:
  title: ${JSON.stringify(HOSTILE)}
  version: 1.0.0
paths: {}
`;

const SEV = ['error', 'warn', 'info', 'hint'] as const;

interface ScoreJson {
  runs: number;
  latest: { score: { total: number; grade: string }; countsBySeverity: Record<string, number> };
  history: Array<{ time: string; score: { total: number; grade: string } }>;
}

let db = '';
let cwd = '';
/** Lint JSON output of each recorded run, by spec slug. */
const lints = new Map<string, Array<Array<{ severity: number }>>>();

function cli(args: string[]): string {
  const r = apictl([...args, '--db', db], { cwd });
  expect(r.code === 0 || (args[0] === 'lint' && r.code === 1), `${args.join(' ')}: ${r.stderr}`).toBe(true);
  return r.stdout;
}

function lint(slug: string): void {
  const out = JSON.parse(cli(['lint', slug, '-f', 'json', '--no-config'])) as Array<{ severity: number }>;
  lints.set(slug, [...(lints.get(slug) ?? []), out]);
}

function score(slug: string): ScoreJson {
  return JSON.parse(cli(['score', slug, '--history', '--limit', '50', '--json'])) as ScoreJson;
}

function read(): PortfolioSpec[] {
  const reg = openRegistry(db);
  try {
    return portfolioFromRegistry(reg);
  } finally {
    reg.close();
  }
}

/** One row of the table, by slug. */
function rowOf(html: string, slug: string): string {
  const m = new RegExp(`<tr id="spec-${slug}" [^]*?</tr>`).exec(html);
  expect(m, slug).not.toBeNull();
  return m![0];
}

// One registry for all tests (tempTree's folders go after each test). Files live in a folder of
// their own, so linting `orders-api` from cwd finds no file of that name and lints the registered spec.
beforeAll(() => {
  cwd = mkdtempSync(path.join(os.tmpdir(), 'apictl-portfolio-'));
  mkdirSync(path.join(cwd, 'in'));
  db = path.join(cwd, 'reg', 'apictl.db');
  const file = (name: string, text: string) => {
    const p = path.join(cwd, 'in', name);
    writeFileSync(p, text);
    return p;
  };
  cli(['import', file('orders.yaml', orders(''))]);
  lint('orders-api');
  cli(['import', file('orders.yaml', orders('summary: List orders\n      description: All orders, newest first.\n      operationId: listOrders\n      tags: [orders]\n      '))]);
  lint('orders-api');
  cli(['import', file('pets.yaml', petstore())]);
  lint('pet-store');
  // a second version after the lint: the latest run scored v1
  cli(['import', file('pets.yaml', petstore('\n  description: Pets.'))]);
  cli(['import', file('hostile.yaml', hostile)]);
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('portfolioFromRegistry', () => {
  it('reads every registered spec, ordered by name, with format, versions and the runs recorded under spec:<slug>', () => {
    const specs = read();
    expect(specs.map((s) => s.name)).toEqual([HOSTILE, 'Orders API', 'Pet Store']);
    const [bad, ord, pet] = specs as [PortfolioSpec, PortfolioSpec, PortfolioSpec];
    expect(bad).toEqual({
      name: HOSTILE,
      slug: 'script-img-src-x-onerror-alert-1-a-href-https-evil-example-x-a',
      href: 'script-img-src-x-onerror-alert-1-a-href-https-evil-example-x-a.html',
      format: 'OpenAPI 3.1.0',
      latestVersion: 1,
      versions: 1,
      history: [],
    });

    for (const [s, slug, format, versions, scoredVersion] of [
      [ord, 'orders-api', 'OpenAPI 3.1.0', 2, 2],
      [pet, 'pet-store', 'Swagger 2.0', 2, 1],
    ] as const) {
      const sc = score(slug);
      expect(s).toMatchObject({ slug, href: `${slug}.html`, format, latestVersion: versions, versions, scoredVersion });
      expect(s.score).toEqual({ score: sc.latest.score.total, grade: sc.latest.score.grade });
      expect(s.history).toEqual(sc.history.map((r) => ({ at: r.time, score: r.score.total, grade: r.score.grade })));
      expect(s.history).toHaveLength(sc.runs);
      expect(s.runs).toBeUndefined();
      // the latest run's counts are what that lint printed
      const printed = lints.get(slug)!.at(-1)!;
      expect(s.counts).toEqual(Object.fromEntries(SEV.map((sev, i) => [sev, printed.filter((f) => f.severity === i).length])));
      expect(s.counts).toEqual(sc.latest.countsBySeverity);
    }
    expect(ord.history).toHaveLength(2);
    expect(ord.history[0]!.score).not.toBe(ord.history[1]!.score);
    expect(pet.history).toHaveLength(1);
  });
});

describe('renderPortfolioPage', () => {
  it('shows each spec as one row: link, format, versions, score and grade, a point per run, counts per severity', () => {
    const specs = read();
    const html = renderPortfolioPage({ title: 'API portfolio', generator: 'apictl test', specs });
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${CSP}">`);
    expect(html).toContain('<span id="origin">3 specs · 2 linted</span>');

    for (const slug of ['orders-api', 'pet-store']) {
      const s = specs.find((x) => x.slug === slug)!;
      const sc = score(slug);
      const printed = lints.get(slug)!.at(-1)!;
      const n = (i: number) => printed.filter((f) => f.severity === i).length;
      const row = rowOf(html, slug);
      expect(row).toContain(`<td class="name"><a href="${slug}.html">${s.name}</a><div class="slug">${slug}</div></td>`);
      const { total, grade } = sc.latest.score;
      const stale = slug === 'pet-store' ? ' <span class="muted">(of v1)</span>' : '';
      expect(row).toContain(`<td class="format">${s.format}</td><td class="versions">v2 <span class="muted">(2 versions)</span></td><td class="score grade-${grade}">${total} · ${grade}${stale}</td>`);
      expect(row).toContain(`<td class="num error">${n(0)}</td><td class="num warn">${n(1)}</td><td class="num info">${n(2)}</td><td class="num hint">${n(3)}</td>`);
      expect(row).toContain(`data-score="${total}" data-errors="${n(0)}"`);
      // one point per run, each with its date, score and grade
      const titles = [...row.matchAll(/<circle [^>]*><title>([^<]*)<\/title><\/circle>/g)].map((m) => m[1]);
      expect(titles).toEqual(sc.history.map((r) => `${r.time.slice(0, 10)} ${r.time.slice(11, 16)} UTC · score ${r.score.total} · ${r.score.grade}`));
      expect(titles).toHaveLength(sc.runs);
      expect(row.match(/<polyline /g) ?? []).toHaveLength(sc.runs > 1 ? 1 : 0);
    }
    expect(rowOf(html, 'orders-api')).toContain('<span class="muted runs">2 runs</span>');
    expect(rowOf(html, 'pet-store')).toContain('<span class="muted runs">1 run</span>');
  });

  it('shows a spec never linted as such, and its hostile title only escaped', () => {
    const specs = read();
    const html = renderPortfolioPage({ title: HOSTILE, generator: HOSTILE, specs });
    const slug = specs[0]!.slug;
    const row = rowOf(html, slug);
    expect(row).toContain(`<td class="name"><a href="${slug}.html">${esc(HOSTILE)}</a>`);
    expect(row).toContain('<td class="score none">not linted</td><td class="chart"></td><td class="num error">–</td><td class="num warn">–</td><td class="num info">–</td><td class="num hint">–</td>');
    expect(row).not.toContain('<svg');
    expect(row).toContain('data-score="" data-errors=""');
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;/script&gt;&lt;img src&#61;x onerror&#61;alert(1)&gt;');
    // two places in the head, one in the header bar, two in the row (text and data-name)
    expect(html.split(esc(HOSTILE)).length - 1).toBe(5);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('innerHTML');
  });

  it('links nothing off the page: only validated file names beside it, no URL outside escaped spec text', () => {
    const specs = read();
    const hostileLinks: PortfolioSpec[] = [
      { ...specs[1]!, slug: 'a', href: 'https://evil.example/a.html' },
      { ...specs[1]!, slug: 'b', href: '../b.html' },
      { ...specs[1]!, slug: 'c', href: 'javascript:alert(1)//.html' },
      { ...specs[1]!, slug: 'd', href: 'D.html' },
    ];
    const html = renderPortfolioPage({ title: 'p', generator: 'g', specs: [...specs, ...hostileLinks] });
    const attrs = [...html.matchAll(/\b(src|href|action|xlink:href)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi)].map((m) => [m[1]!.toLowerCase(), m[2]!.replace(/^["']|["']$/g, '')]);
    expect(attrs.filter(([a]) => a !== 'href')).toEqual([]);
    expect(attrs.map(([, v]) => v)).toEqual(specs.map((s) => `${s.slug}.html`));
    for (const s of hostileLinks) expect(rowOf(html, s.slug)).toContain(`<td class="name">${s.name}<div class="slug">`);
    expect(html.split(esc(HOSTILE)).join('')).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/\bxmlns\b|url\(|@import/);
  });

  it('says so when the registry holds no spec', () => {
    const reg = openRegistry(path.join(tempTree(), 'empty.db'));
    try {
      expect(portfolioFromRegistry(reg)).toEqual([]);
    } finally {
      reg.close();
    }
    const html = renderPortfolioPage({ title: 'p', generator: 'g', specs: [] });
    expect(html).toContain('<span id="origin">0 specs · 0 linted</span>');
    expect(html).toContain('No specs in the registry yet');
    expect(html).not.toContain('<table');
  });

  it('draws at most the latest CHART_RUNS runs and says how many there were', () => {
    const history = Array.from({ length: 130 }, (_, i) => ({ at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(), score: i % 101, grade: 'C' }));
    const spec: PortfolioSpec = {
      name: 'Big',
      slug: 'big',
      href: 'big.html',
      format: 'OpenAPI 3.0.3',
      latestVersion: 1,
      versions: 1,
      score: { score: 29, grade: 'F' },
      counts: { error: 1, warn: 0, info: 0, hint: 0 },
      history,
      runs: 400,
    };
    const row = rowOf(renderPortfolioPage({ title: 'p', generator: 'g', specs: [spec] }), 'big');
    expect(row.match(/<circle /g)).toHaveLength(100);
    expect(row).toContain('aria-label="score history: last 100 of 400 runs, 30 to 28"');
    expect(row).toContain('<span class="muted runs">400 runs</span>');
  });
});
