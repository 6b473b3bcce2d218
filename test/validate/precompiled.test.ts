/**
 * The build-time standalone validators (scripts/compile-schemas.mjs → dist/validate/compiled/)
 * against the runtime ajv compile they replace: same verdicts, same raw errors, same findings;
 * a stale module (schema hash mismatch) is ignored; a valid document never creates ajv.
 *
 * Needs a built dist/ (`npm run build`; `npm test` builds first).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecKind } from '../../src/document/model.js';
import { validateDocument } from '../../src/validate/index.js';
import { buildSchemaSet, precompiledFileName, schemaFile, schemaHash, type ErrorObject } from '../../src/validate/schemas.js';
import { openapi30, openapi31, openapi32, swagger20 } from './fixtures.js';
import { variant } from './helpers.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const compiledDir = path.join(repo, 'dist', 'validate', 'compiled');
const kinds: SpecKind[] = ['swagger-2.0', 'openapi-3.0', 'openapi-3.1', 'openapi-3.2'];
const require = createRequire(import.meta.url);

// Checked while collecting (the describe blocks below load the modules right away): a clear
// failure instead of MODULE_NOT_FOUND. Not a skip: `npm test` always builds first.
for (const kind of kinds) {
  if (!existsSync(path.join(compiledDir, precompiledFileName(kind)))) {
    throw new Error(`${path.relative(repo, compiledDir)}/${precompiledFileName(kind)} is missing: run \`npm run build\` first`);
  }
}

/** Valid fixture plus invalid variants touching required, type, additionalProperties, minProperties, formats. */
function documents(kind: SpecKind): [string, unknown][] {
  const base: Record<SpecKind, object> = { 'swagger-2.0': swagger20, 'openapi-3.0': openapi30, 'openapi-3.1': openapi31, 'openapi-3.2': openapi32 };
  const doc = base[kind];
  const schemas = (d: any) => (kind === 'swagger-2.0' ? d.definitions : d.components.schemas);
  const docs: [string, unknown][] = [
    ['valid fixture', doc],
    ['missing info.version', variant(doc, (d) => delete d.info.version)],
    ['wrong type of info.title', variant(doc, (d) => (d.info.title = 5))],
    ['unexpected top-level property', variant(doc, (d) => (d.frobnicate = true))],
    ['empty responses', variant(doc, (d) => (d.paths['/extra'] = { get: { responses: {} } }))],
    ['bad email format', variant(doc, (d) => (d.info.contact = { email: 'not an email' }))],
    ['bad uri / uri-reference format', variant(doc, (d) => (d.externalDocs = { url: kind === 'swagger-2.0' ? 'no scheme' : 'a\\b c' }))],
    ['bad regex pattern in a schema', variant(doc, (d) => (schemas(d).Pet.properties.name.pattern = '(['))],
    [
      'several errors at once',
      variant(doc, (d) => {
        delete d.info.title;
        d.paths.nope = {};
        schemas(d).Pet.required = 'name';
        schemas(d).Pet.properties.name.type = 'strin';
      }),
    ],
    ['not even an object', 'swagger'],
  ];
  return docs;
}

const shape = (errors: readonly ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => ({ instancePath: e.instancePath, schemaPath: e.schemaPath, keyword: e.keyword, params: e.params, message: e.message }));

describe.each(kinds)('precompiled %s validator', (kind) => {
  const runtime = buildSchemaSet(kind, { precompiledDir: null });
  const generated = require(path.join(compiledDir, precompiledFileName(kind))) as { validate: (d: unknown) => boolean; schemaHash: string } & {
    validate: { errors?: ErrorObject[] | null };
  };

  it('is loaded by buildSchemaSet and records the hash of the installed schema', () => {
    expect(runtime.source).toBe('runtime');
    expect(buildSchemaSet(kind, { precompiledDir: compiledDir }).source).toBe('precompiled');
    expect(generated.schemaHash).toBe(schemaHash(readFileSync(schemaFile(kind), 'utf8')));
  });

  it.each(documents(kind))('gives the same verdict and errors as the runtime compile: %s', (label, doc) => {
    const want = runtime.validate(doc);
    const wantErrors = shape(runtime.validate.errors);
    const got = generated.validate(doc);
    const gotErrors = shape(generated.validate.errors);
    expect(got).toBe(want);
    expect(gotErrors).toEqual(wantErrors);
    // The fixture is valid and every variant is not (otherwise the comparison proves little) —
    // except Schema Object contents, which the official 3.1/3.2 schemas leave to the dialect.
    const schemaContents = label === 'bad regex pattern in a schema' && (kind === 'openapi-3.1' || kind === 'openapi-3.2');
    expect(want).toBe(label === 'valid fixture' || schemaContents);
  });
});

describe('findings through the precompiled validators (dist) equal the runtime ones (src)', () => {
  let dist: { validateDocument: typeof validateDocument; schemaSetFor: (kind: SpecKind) => { source: string } };
  beforeAll(async () => {
    const index = (await import(pathToFileURL(path.join(repo, 'dist', 'validate', 'index.js')).href)) as { validateDocument: typeof validateDocument };
    const schemas = (await import(pathToFileURL(path.join(repo, 'dist', 'validate', 'schemas.js')).href)) as { schemaSetFor: (kind: SpecKind) => { source: string } };
    dist = { validateDocument: index.validateDocument, schemaSetFor: schemas.schemaSetFor };
  });

  it.each(kinds.flatMap((kind) => documents(kind).map(([label, doc]) => [kind, label, doc] as const)))('%s: %s', (kind, _label, doc) => {
    expect(dist.schemaSetFor(kind).source).toBe('precompiled');
    const strip = (fs: ReturnType<typeof validateDocument>) => fs.map((f) => ({ code: f.code, path: f.path, message: f.message, severity: f.severity }));
    expect(strip(dist.validateDocument(doc, kind))).toEqual(strip(validateDocument(doc, kind)));
  });
});

describe('stale or absent precompiled modules', () => {
  // Copies live under dist/validate/ so the generated require()s of ajv resolve as in the real place.
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(path.join(repo, 'dist', 'validate', 'compiled-test-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  const copyTo = (name: string, edit: (code: string) => string): string => {
    const dir = path.join(tmp, name);
    mkdirSync(dir);
    const file = precompiledFileName('swagger-2.0');
    copyFileSync(path.join(compiledDir, file), path.join(dir, file));
    writeFileSync(path.join(dir, file), edit(readFileSync(path.join(dir, file), 'utf8')));
    return dir;
  };

  it('uses an intact copy, falls back to the runtime compile when the hash does not match', () => {
    const intact = copyTo('intact', (code) => code);
    expect(buildSchemaSet('swagger-2.0', { precompiledDir: intact }).source).toBe('precompiled');

    const stale = copyTo('stale', (code) => {
      const out = code.replace(/schemaHash: "([0-9a-f]{64})"/, (_m, h: string) => `schemaHash: "${h.startsWith('0') ? '1' : '0'}${h.slice(1)}"`);
      expect(out).not.toBe(code);
      return out;
    });
    const set = buildSchemaSet('swagger-2.0', { precompiledDir: stale });
    expect(set.source).toBe('runtime');
    expect(set.validate(swagger20)).toBe(true);
    expect(set.validate(variant(swagger20, (d) => delete d.info))).toBe(false);
  });

  it('falls back when the module is missing or broken, or when APICTL_NO_PRECOMPILED=1', () => {
    expect(buildSchemaSet('swagger-2.0', { precompiledDir: path.join(tmp, 'nowhere') }).source).toBe('runtime');
    const broken = copyTo('broken', () => 'module.exports = {};\n');
    expect(buildSchemaSet('swagger-2.0', { precompiledDir: broken }).source).toBe('runtime');
    const before = process.env.APICTL_NO_PRECOMPILED;
    process.env.APICTL_NO_PRECOMPILED = '1';
    try {
      expect(buildSchemaSet('swagger-2.0', { precompiledDir: compiledDir }).source).toBe('runtime');
    } finally {
      if (before === undefined) delete process.env.APICTL_NO_PRECOMPILED;
      else process.env.APICTL_NO_PRECOMPILED = before;
    }
  });
});

describe('laziness', () => {
  it('a valid document does not create ajv; an invalid one does (and gets explained)', () => {
    const script = `
      import { createRequire } from 'node:module';
      const { validateDocument } = await import(${JSON.stringify(pathToFileURL(path.join(repo, 'dist', 'validate', 'index.js')).href)});
      const cache = createRequire(import.meta.url).cache;
      const ajvLoaded = () => Object.keys(cache).map((k) => k.replaceAll('\\\\', '/')).some((k) =>
        ['/node_modules/ajv/dist/core.js', '/node_modules/ajv/dist/2020.js', '/node_modules/ajv-draft-04/'].some((m) => k.includes(m)));
      const docs = JSON.parse(process.argv[1]);
      const out = [];
      for (const [kind, valid, invalid] of docs) {
        out.push(validateDocument(valid, kind).filter((f) => f.code.endsWith('-schema')).length, ajvLoaded());
      }
      const [kind, , invalid] = docs[0];
      out.push(validateDocument(invalid, kind).filter((f) => f.code.endsWith('-schema')).length > 0, ajvLoaded());
      console.log(JSON.stringify(out));
    `;
    const docs = [
      ['swagger-2.0', swagger20, variant(swagger20, (d) => (d.info.title = 5))],
      ['openapi-3.0', openapi30],
      ['openapi-3.1', openapi31],
      ['openapi-3.2', openapi32],
    ];
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(docs)], { cwd: repo, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([0, false, 0, false, 0, false, 0, false, true, true]);
  });
});
