/**
 * Validation on a worker thread (lint, large single-file JSON): the same findings, located the
 * same, as validating on the main thread; small files, YAML and several files stay on the main
 * thread. Runs the built modules (the worker is started from dist/).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/corpus.js';
import { tempTree } from '../helpers/tmp.js';

const dist = (p: string) => pathToFileURL(path.join(repoRoot, 'dist', p)).href;
const { loadDocument } = (await import(dist('document/load.js'))) as typeof import('../../src/document/load.js');
const { prepareDocument } = (await import(dist('core/prepare.js'))) as typeof import('../../src/core/prepare.js');
const { lintPrepared, loadRuleset } = (await import(dist('lint/index.js'))) as typeof import('../../src/lint/index.js');

/** A Swagger 2.0 document of about `paths` × 1.3 KB, with a few problems the validation reports. */
function bigSwagger(paths: number): Record<string, unknown> {
  const p: Record<string, unknown> = {};
  for (let i = 0; i < paths; i++) {
    p[`/things${i}/{id}`] = {
      get: {
        operationId: i === 7 ? 'dup' : `get${i}`,
        description: 'x'.repeat(900),
        // a path parameter without required: true (and, for one, a bad type)
        parameters: [{ name: 'id', in: 'path', type: i === 3 ? 'strung' : 'string', ...(i % 50 === 0 ? {} : { required: true }) }],
        responses: { '200': { description: 'ok', schema: { type: 'object', properties: { n: { type: 'integer' } } } } },
      },
      ...(i === 9 ? { post: { operationId: 'dup', responses: { '201': { description: 'made' } } } } : {}),
    };
  }
  return { swagger: '2.0', info: { title: 'big', version: '1' }, host: 'api.example.com', paths: p };
}

async function prepareBoth(file: string) {
  const dir = path.dirname(file);
  const a = await prepareDocument(await loadDocument({ path: file }, { cwd: dir }), { validationLimit: Infinity, consumeInput: true, validateInWorker: true });
  const b = await prepareDocument(await loadDocument({ path: file }, { cwd: dir }), { validationLimit: Infinity, consumeInput: true });
  return { a, b };
}

describe('validation on a worker thread', () => {
  it('gives the findings main-thread validation gives, at the same places', async () => {
    const text = JSON.stringify(bigSwagger(600), null, 2);
    expect(text.length).toBeGreaterThan(512 * 1024);
    const dir = tempTree({ 'big.json': text });
    const { a, b } = await prepareBoth(path.join(dir, 'big.json'));
    expect(b.validation.length).toBeGreaterThan(10);
    expect(b.validation.map((f) => f.code)).toEqual(expect.arrayContaining(['path-param-not-required', 'duplicate-operation-id']));
    expect(a.validation).toEqual(b.validation);
    expect(a.document).toEqual(b.document);
  });

  it('with deferValidation, returns before the worker is done, and lint still reports every validation finding', async () => {
    const clean = JSON.stringify(bigSwagger(600), null, 2);
    const broken = bigSwagger(600);
    // a reference problem: those are known at once, before the worker is back
    (broken.paths as Record<string, { get: { responses: Record<string, unknown> } }>)['/things0/{id}']!.get.responses['404'] = { $ref: '#/responses/Missing' };
    const dir = tempTree({ 'big.json': clean, 'broken.json': JSON.stringify(broken, null, 2) });
    const load = (f: string) => loadDocument({ path: path.join(dir, f) }, { cwd: dir });
    const opts = { validationLimit: Infinity, consumeInput: true, validateInWorker: true } as const;
    const rs = await loadRuleset({});
    for (const f of ['big.json', 'broken.json']) {
      const deferred = await prepareDocument(await load(f), { ...opts, deferValidation: true });
      expect(deferred.validationPending, f).toBeInstanceOf(Promise);
      expect(
        deferred.validation.map((x) => x.code),
        f,
      ).toEqual(f === 'broken.json' ? ['unresolved-ref'] : []);
      const waited = await prepareDocument(await load(f), opts);
      expect(waited.validationPending, f).toBeUndefined();
      expect(waited.validation.length, f).toBeGreaterThan(10);
      // the rules run while the worker validates; the findings are those of the waited-for run
      const [a, b] = [await lintPrepared(await load(f), deferred, rs), await lintPrepared(await load(f), waited, rs)];
      expect(deferred.validation, f).toEqual(waited.validation);
      expect(a, f).toEqual(b);
      // every validation finding, but the one a rule states too (duplicate-operation-id: operation-id-unique)
      expect(
        a.filter((x) => x.category === 'validation').map((x) => x.code),
        f,
      ).toEqual(waited.validation.map((x) => x.code).filter((c) => c !== 'duplicate-operation-id'));
    }
  });

  it('leaves small JSON and YAML documents on the main thread, with the same result', async () => {
    const small = JSON.stringify(bigSwagger(3));
    const yaml = `swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths:\n  /a/{id}:\n    get:\n      parameters: [{name: id, in: path, type: string}]\n      responses: {'200': {description: ok}}\n`;
    const dir = tempTree({ 'small.json': small, 'api.yaml': yaml });
    for (const f of ['small.json', 'api.yaml']) {
      const { a, b } = await prepareBoth(path.join(dir, f));
      expect(a.validation, f).toEqual(b.validation);
      expect(a.validation.length, f).toBeGreaterThan(0);
    }
  });
});
