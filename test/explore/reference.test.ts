/**
 * The explorer's own reference rendering: which operations it shows (ids, pointers, methods,
 * 3.2 QUERY / additionalOperations / nested tags), that nothing from the document can become
 * markup or script, and that every corpus document renders every operation exactly once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { convertSwagger2 } from '../../src/convert/index.js';
import { countOperations, renderReference, type Reference } from '../../src/explore/reference.js';
import { corpusDir, hasCorpus } from '../helpers/corpus.js';

type Json = Record<string, any>;

const decode = (s: string): string =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : ({ amp: '&', lt: '<', gt: '>', quot: '"' } as Record<string, string>)[e.toLowerCase()]!,
  );

/** The nav as a tree: tag → parent tag and the op ids listed directly under it (a tiny tag walk). */
function navTree(html: string): { parent: Map<string, string | null>; ops: Map<string, string[]>; roots: string[] } {
  const nav = /<nav class="ref-nav">([\s\S]*?)<\/nav>/.exec(html)?.[1];
  expect(nav).toBeDefined();
  const parent = new Map<string, string | null>();
  const ops = new Map<string, string[]>();
  const roots: string[] = [];
  const stack: Array<{ tag?: string }> = [];
  for (const m of nav!.matchAll(/<li class="nav-tag" data-tag="([^"]*)">|<li class="nav-op[^"]*"><a href="#([^"]+)"|<\/li>/g)) {
    if (m[0] === '</li>') {
      expect(stack.pop()).toBeDefined();
      continue;
    }
    const enclosing = [...stack].reverse().find((s) => s.tag !== undefined)?.tag;
    if (m[1] !== undefined) {
      const tag = decode(m[1]);
      parent.set(tag, enclosing ?? null);
      if (!enclosing) roots.push(tag);
      ops.set(tag, []);
      stack.push({ tag });
    } else {
      expect(enclosing).toBeDefined();
      ops.get(enclosing!)!.push(m[2]!);
      stack.push({});
    }
  }
  expect(stack).toEqual([]);
  return { parent, ops, roots };
}

const articles = (html: string): string[] => [...html.matchAll(/<article id="([^"]+)" data-pointer="([^"]*)" class="op[^"]*">/g)].map((m) => m[1]!);

const brief = (r: Reference) => r.operations.map((o) => ({ id: o.id, method: o.method, path: o.path, pointer: o.pointer }));

const ok = { '200': { description: 'ok' } };

const doc30: Json = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  tags: [{ name: 'pets', description: 'All the **pets**' }, { name: 'unused' }],
  paths: {
    '/pets': {
      parameters: [
        { name: 'limit', in: 'query', description: 'path-level limit', schema: { type: 'integer' } },
        { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
      ],
      get: {
        tags: ['pets'],
        operationId: 'listPets',
        parameters: [{ name: 'limit', in: 'query', required: true, description: 'op-level limit', schema: { type: 'integer', format: 'int32' } }],
        responses: { '200': { description: 'the pets', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } } },
      },
      post: { tags: ['pets'], deprecated: true, requestBody: { $ref: '#/components/requestBodies/PetBody' }, responses: ok },
    },
    '/pets/{petId}': {
      get: { tags: ['pets', 'store'], parameters: [{ $ref: '#/components/parameters/PetId' }], responses: { default: { $ref: '#/components/responses/Error' } } },
    },
    '/health': { get: { summary: 'untagged', responses: ok } },
    'x-internal': { get: { responses: ok } },
  },
  components: {
    schemas: { Pet: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, tag: { type: 'string', enum: ['a', 'b'] } } } },
    parameters: { PetId: { name: 'petId', in: 'path', required: true, schema: { type: 'string' } } },
    requestBodies: { PetBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
    responses: { Error: { description: 'an error', content: { 'application/problem+json': { schema: { type: 'object', properties: { title: { type: 'string' } } } } } } },
  },
};

const doc31: Json = {
  openapi: '3.1.0',
  info: { title: 'Hooks', version: '1' },
  paths: {
    '/a': { $ref: '#/components/pathItems/A' },
    // `query` is a 3.2 method: in a 3.1 document it is not an operation
    '/b': { get: { tags: ['b'], responses: ok }, query: { responses: ok } },
  },
  webhooks: { newPet: { post: { tags: ['b'], requestBody: { content: { 'application/json': { schema: { type: ['string', 'null'] } } } }, responses: ok } } },
  components: { pathItems: { A: { get: { operationId: 'getA', responses: ok } } } },
};

const doc32: Json = {
  openapi: '3.2.0',
  info: { title: 'Nested', version: '1' },
  tags: [
    { name: 'animals', summary: 'Animals' },
    { name: 'pets', parent: 'animals' },
    { name: 'cats', parent: 'pets', kind: 'nav' },
    { name: 'loop1', parent: 'loop2' },
    { name: 'loop2', parent: 'loop1' },
    { name: 'orphan', parent: 'missing' },
  ],
  paths: {
    '/pets': {
      parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
      get: { tags: ['pets'], responses: ok },
      query: { tags: ['cats'], operationId: 'queryPets', requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: ok },
      additionalOperations: { COPY: { tags: ['animals'], responses: ok }, link: { tags: ['cats'], responses: ok } },
    },
    '/search': { query: { deprecated: true, responses: ok } },
    '/a-b': { get: { tags: ['loop1'], responses: ok } },
    '/a/b': { get: { tags: ['orphan'], responses: ok } },
  },
};

describe('renderReference: operations', () => {
  it('3.0: ids, pointers, methods, tags, untagged under Other, path-level parameters merged', () => {
    const r = renderReference(doc30);
    expect(brief(r)).toEqual([
      { id: 'op-get-pets', method: 'GET', path: '/pets', pointer: '/paths/~1pets/get' },
      { id: 'op-post-pets', method: 'POST', path: '/pets', pointer: '/paths/~1pets/post' },
      { id: 'op-get-pets-petid', method: 'GET', path: '/pets/{petId}', pointer: '/paths/~1pets~1{petId}/get' },
      { id: 'op-get-health', method: 'GET', path: '/health', pointer: '/paths/~1health/get' },
    ]);
    expect(r.operations.map((o) => o.deprecated)).toEqual([false, true, false, false]);
    expect(r.operations[0]!.operationId).toBe('listPets');
    expect(r.operations[2]!.tags).toEqual(['pets', 'store']);
    expect(countOperations(doc30)).toBe(4);
    expect(r.tags).toEqual([
      { name: 'pets', operations: ['op-get-pets', 'op-post-pets', 'op-get-pets-petid'] },
      { name: 'store', operations: ['op-get-pets-petid'] },
      { name: 'Other', operations: ['op-get-health'] },
    ]);
    // every article once, in the section of its first tag; the second tag links to it
    expect(articles(r.html)).toEqual(['op-get-pets', 'op-post-pets', 'op-get-pets-petid', 'op-get-health']);
    const store = /<section id="tag-store"[\s\S]*?<\/section>/.exec(r.html)![0];
    expect(store).not.toContain('<article');
    expect(store).toContain('href="#op-get-pets-petid"');

    const get = /<article id="op-get-pets"[\s\S]*?<\/article>/.exec(r.html)![0];
    const rows = [...get.matchAll(/<tr><td><code>([^<]*)<\/code><\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([\s\S]*?)<\/td><td>([\s\S]*?)<\/td><\/tr>/g)];
    expect(rows.map((m) => [m[1], m[2], m[3]])).toEqual([
      ['limit', 'query', 'yes'],
      ['X-Trace', 'header', ''],
    ]);
    expect(rows[0]![4]).toContain('integer (int32)');
    expect(rows[0]![5]).toContain('op-level limit');
    expect(get).not.toContain('path-level limit');
    expect(get).toContain('array&lt;Pet&gt;');

    const post = /<article id="op-post-pets"[^>]*>[\s\S]*?<\/article>/.exec(r.html)![0];
    expect(post).toMatch(/class="op deprecated"/);
    expect(post).toContain('<span class="dep">deprecated</span>');
    expect(post).toContain('<code>PetBody</code>');
    expect(post).toContain('<code class="mt">application/json</code> <code class="t">Pet</code>');
    expect(post).toMatch(/Request body <span class="req">required<\/span>/);

    const byId = /<article id="op-get-pets-petid"[\s\S]*?<\/article>/.exec(r.html)![0];
    expect(byId).toContain('<td><code>petId</code></td><td>path</td><td>yes</td>');
    expect(byId).toContain('<code>Error</code>');
    expect(byId).toContain('an error');
    expect(byId).toContain('<li><code>title</code>'); // one-level property list of an inline object
    expect(r.html).toContain('All the <strong>pets</strong>');
  });

  it('3.1: webhooks are operations, $ref path items live at their target, `query` is not a 3.1 method', () => {
    const r = renderReference(doc31);
    expect(brief(r)).toEqual([
      { id: 'op-get-a', method: 'GET', path: '/a', pointer: '/components/pathItems/A/get' },
      { id: 'op-get-b', method: 'GET', path: '/b', pointer: '/paths/~1b/get' },
      { id: 'wh-post-newpet', method: 'POST', path: 'newPet', pointer: '/webhooks/newPet/post' },
    ]);
    expect(r.operations[2]!.webhook).toBe(true);
    expect(r.operations[0]!.webhook).toBeUndefined();
    expect(countOperations(doc31)).toBe(3);
    expect(r.html).toContain('string | null');
    expect(r.html).toMatch(/<article id="wh-post-newpet" data-pointer="\/webhooks\/newPet\/post" class="op webhook">/);
  });

  it('3.2: QUERY, additionalOperations, nested tags via parent, cycles and unknown parents stay roots', () => {
    const r = renderReference(doc32);
    expect(brief(r)).toEqual([
      { id: 'op-get-pets', method: 'GET', path: '/pets', pointer: '/paths/~1pets/get' },
      { id: 'op-query-pets', method: 'QUERY', path: '/pets', pointer: '/paths/~1pets/query' },
      { id: 'op-copy-pets', method: 'COPY', path: '/pets', pointer: '/paths/~1pets/additionalOperations/COPY' },
      { id: 'op-link-pets', method: 'LINK', path: '/pets', pointer: '/paths/~1pets/additionalOperations/link' },
      { id: 'op-query-search', method: 'QUERY', path: '/search', pointer: '/paths/~1search/query' },
      { id: 'op-get-a-b', method: 'GET', path: '/a-b', pointer: '/paths/~1a-b/get' },
      { id: 'op-get-a-b-2', method: 'GET', path: '/a/b', pointer: '/paths/~1a~1b/get' },
    ]);
    expect(countOperations(doc32)).toBe(r.operations.length);
    expect(r.operations.find((o) => o.id === 'op-query-search')!.deprecated).toBe(true);
    expect(r.html).toContain('<span class="m m-query">QUERY</span>');
    expect(r.html).toContain('<span class="m m-copy">COPY</span>');

    const nav = navTree(r.html);
    expect(nav.roots).toEqual(['animals', 'loop2', 'orphan', 'Other']);
    expect(Object.fromEntries(nav.parent)).toEqual({ animals: null, pets: 'animals', cats: 'pets', loop2: null, loop1: 'loop2', orphan: null, Other: null });
    expect(Object.fromEntries(nav.ops)).toEqual({
      animals: ['op-copy-pets'],
      pets: ['op-get-pets'],
      cats: ['op-query-pets', 'op-link-pets'],
      loop2: [],
      loop1: ['op-get-a-b'],
      orphan: ['op-get-a-b-2'],
      Other: ['op-query-search'],
    });
    expect(r.tags.map((t) => [t.name, t.parent])).toEqual([
      ['animals', undefined],
      ['pets', 'animals'],
      ['cats', 'pets'],
      ['loop2', undefined],
      ['loop1', 'loop2'],
      ['orphan', undefined],
      ['Other', undefined],
    ]);
    // path-level parameter merged into the QUERY operation too
    const q = /<article id="op-query-pets"[\s\S]*?<\/article>/.exec(r.html)![0];
    expect(q).toContain('<td><code>q</code></td><td>query</td>');
    expect(articles(r.html).sort()).toEqual(r.operations.map((o) => o.id).sort());
  });

  it('an untagged group does not take the name of a real tag called Other', () => {
    const r = renderReference({ openapi: '3.0.0', info: {}, paths: { '/a': { get: { tags: ['Other'], responses: ok } }, '/b': { get: { responses: ok } } } });
    expect(r.tags.map((t) => t.name)).toEqual(['Other', 'Other (untagged)']);
  });
});

describe('renderReference: untrusted text', () => {
  const P = `<script>alert(1)</script><img src=x onerror=alert(2)> <a href="javascript:alert(3)">x</a></script><!-- \u2028\u2029 ' " & [y](javascript:alert(4)) [z](JaVaScRiPt:alert(5)) <svg/onload=alert(6)> <b style="x">`;
  const xss: Json = {
    openapi: '3.2.0',
    info: { title: `T ${P}`, version: P, description: `D ${P}\n\n[ok](https://example.com/?q=javascript:1&a=b) [no](https://example.com/" onmouseover="x)` },
    tags: [
      { name: `tag ${P}`, description: P, externalDocs: { url: 'javascript:alert(7)' } },
      { name: `child ${P}`, parent: `tag ${P}` },
    ],
    paths: {
      [`/p/${P}/{id}`]: {
        parameters: [
          { name: `param ${P}`, in: 'query', description: P, example: P, schema: { type: 'string', enum: [P], format: P } },
          { name: 'mode', in: 'query', schema: { type: 'string', enum: ['javascript:void(0)', P] } },
        ],
        get: {
          tags: [`tag ${P}`],
          summary: `S ${P}`,
          description: `D ${P}`,
          operationId: P,
          'x-ext': P,
          responses: {
            [`200${P}`]: {
              description: P,
              content: { [`application/${P}`]: { schema: { type: 'object', properties: { [`prop ${P}`]: { type: 'string', example: P } } }, example: { [P]: P }, examples: { [P]: { value: P } } } },
            },
          },
        },
        additionalOperations: {
          [`<SCRIPT>${P}`]: { tags: [`child ${P}`], summary: P, requestBody: { $ref: `#/components/requestBodies/${P}` }, callbacks: { [P]: { [P]: { post: { responses: ok } } } }, responses: ok },
        },
      },
    },
    webhooks: { [P]: { post: { summary: P, responses: ok } } },
  };

  it('nothing from the document becomes a script, an event handler, a javascript: URL or a style', () => {
    const { html, operations } = renderReference(xss);
    expect(operations).toHaveLength(3);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/[\s/"']on\w+\s*=/i);
    expect(html).not.toMatch(/ on\w+=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/style\s*=/i);
    expect(html).not.toMatch(/<img|<svg|<!--|<b /i);
    expect(html).not.toMatch(/[\u2028\u2029]/);
    // the only links: in-page anchors and the http(s) Markdown link, with rel set
    expect(html).toContain('<a href="https://example.com/?q&#61;javascript&#58;1&amp;a&#61;b" rel="noopener noreferrer" target="_blank">ok</a>');
    for (const m of html.matchAll(/<a ([^>]*)>/g)) {
      const href = /href="([^"]*)"/.exec(m[1]!)![1]!;
      if (!href.startsWith('#')) {
        expect(decode(href)).toMatch(/^https:\/\/example\.com\//);
        expect(m[1]).toContain('rel="noopener noreferrer"');
      }
    }
    // every element's attributes are ones we write (no attribute names from data)
    for (const m of html.matchAll(/<[a-z0-9]+((?:\s+[^\s=>]+="[^"]*")*)\s*>/gi)) {
      for (const a of m[1]!.matchAll(/\s+([^\s=>]+)=/g)) expect(['id', 'class', 'href', 'rel', 'target', 'data-pointer', 'data-tag', 'data-depth', 'colspan']).toContain(a[1]);
    }
    // and no tag other than ours
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase()));
    for (const t of tags)
      expect([
        'div',
        'nav',
        'ul',
        'li',
        'a',
        'span',
        'header',
        'h1',
        'h2',
        'h3',
        'h4',
        'p',
        'br',
        'section',
        'article',
        'code',
        'strong',
        'em',
        'table',
        'thead',
        'tbody',
        'tr',
        'th',
        'td',
        'dl',
        'dt',
        'dd',
      ]).toContain(t);
  });

  it('the text stays readable once decoded', () => {
    const { html, operations } = renderReference(xss);
    const text = decode(html.replace(/<[^>]*>/g, ''));
    expect(text).toContain(`T <script>alert(1)</script><img src=x onerror=alert(2)>`);
    expect(text).toContain(`S ${P.replace(/\[y\]\(javascript:alert\(4\)\)/, '[y](javascript:alert(4))')}`);
    expect(text).toContain('javascript:void(0)');
    expect(text).toContain('\u2028');
    expect(decode(html)).toContain(`data-pointer="/paths/~1p~1${P.replace(/~/g, '~0').replace(/\//g, '~1')}~1{id}/get"`);
    expect(operations.map((o) => o.method)).toEqual(['GET', `<SCRIPT>${P}`.toUpperCase(), 'POST']);
    const nav = navTree(html);
    expect(nav.parent.get(`child ${P}`)).toBe(`tag ${P}`);
    for (const o of operations) expect(o.id).toMatch(/^(op|wh)-[a-z0-9-]+$/);
  });
});

const corpusFiles = hasCorpus
  ? ['small', 'medium', 'huge'].flatMap((d) =>
      readdirSync(path.join(corpusDir, d))
        .filter((f) => /\.(json|ya?ml)$/.test(f))
        .map((f) => `${d}/${f}`),
    )
  : [];

async function load(rel: string): Promise<Json> {
  const text = readFileSync(path.join(corpusDir, rel), 'utf8');
  const doc = rel.endsWith('.json') ? JSON.parse(text) : YAML.parse(text, { maxAliasCount: -1 });
  // 2.0 goes through apictl's own conversion, as `apictl explore` does
  return doc.swagger ? (await convertSwagger2(doc)).document : doc;
}

describe.skipIf(!hasCorpus)('renderReference: corpus', () => {
  it.each(corpusFiles)('%s: every operation rendered once, ids unique', async (rel) => {
    const doc = await load(rel);
    const t0 = performance.now();
    const r = renderReference(doc);
    const ms = performance.now() - t0;
    const n = countOperations(doc);
    expect(n).toBeGreaterThan(0);
    expect(r.operations).toHaveLength(n);
    const ids = r.operations.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    const seen = new Map<string, number>();
    for (const m of r.html.matchAll(/<article id="([^"]+)"/g)) seen.set(m[1]!, (seen.get(m[1]!) ?? 0) + 1);
    expect(seen.size).toBe(ids.length);
    for (const id of ids) expect(seen.get(id)).toBe(1);
    // every operation is reachable from the nav
    const navIds = new Set([...navTree(r.html).ops.values()].flat());
    for (const id of ids) expect(navIds.has(id)).toBe(true);
    expect(r.html).not.toMatch(/<script|javascript:/i);
    // linear: even the huge documents render well under the guard's second (loose bound for slow CI)
    expect(ms).toBeLessThan(3000);
  });
});
