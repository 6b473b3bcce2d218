import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../src/validate/index.js';
import type { SpecKind } from '../../src/document/model.js';
import { brief, clone, deepFreeze, variant } from './helpers.js';
import { openapi30, openapi31, openapi32, swagger20 } from './fixtures.js';

const KINDS: SpecKind[] = ['swagger-2.0', 'openapi-3.0', 'openapi-3.1', 'openapi-3.2'];
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('validateDocument on odd input', () => {
  it.each(KINDS)('reports a non-object root as one finding (%s)', (kind) => {
    const code = kind === 'swagger-2.0' ? 'oas2-schema' : 'oas3-schema';
    for (const root of [null, 0, 'openapi', [], [{ openapi: '3.1.0' }], true, undefined]) {
      expect(brief(root, kind)).toEqual([{ code, path: [], message: 'must be object' }]);
    }
  });

  it.each(KINDS)('survives arrays and scalars where objects are expected (%s)', (kind) => {
    const doc = { openapi: [], swagger: {}, info: [], paths: { '/a/{id}': { parameters: { name: 'id' }, get: [], put: { parameters: 'x', security: {} } } }, components: [] };
    const findings = validateDocument(doc, kind);
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f.message).not.toMatch(/\n/);
      expect(f.path.every((s) => typeof s === 'string')).toBe(true);
    }
  });

  it('keeps messages on one line and short whatever the keys look like', () => {
    const long = 'k'.repeat(5000);
    const doc = variant(openapi30, (d) => {
      d.info['line\nbreak'] = 1;
      d.info[long] = 1;
      d.paths['/pets/{petId}'].get.operationId = `x\n${long}`;
      d.paths['/pets/{petId}'].put.operationId = `x\n${long}`;
    });
    const found = validateDocument(doc, 'openapi-3.0');
    expect(found.map((f) => f.code)).toEqual(['oas3-schema', 'oas3-schema', 'duplicate-operation-id']);
    for (const f of found) {
      expect(f.message).not.toMatch(/[\r\n]/);
      expect(f.message.length).toBeLessThan(400);
    }
    expect(found[0]?.message).toBe("unexpected property 'line break'");
  });

  it('treats __proto__ keys as plain keys and pollutes nothing', () => {
    const doc = JSON.parse(
      '{"swagger":"2.0","info":{"title":"t","version":"1"},"paths":{"__proto__":{"get":{}}},"definitions":{"__proto__":{"type":"object"},"A":{"properties":{"__proto__":{"type":"string"}}}},"parameters":{"__proto__":{"name":"x","in":"path","type":"string"}}}',
    );
    expect(brief(doc, 'swagger-2.0')).toEqual([
      { code: 'oas2-schema', path: ['paths', '__proto__'], message: "unexpected property '__proto__'; expected a name matching ^/" },
      { code: 'path-param-not-required', path: ['parameters', '__proto__'], message: "path parameter 'x' must have required: true" },
    ]);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
    expect(({} as Record<string, unknown>).get).toBeUndefined();
  });

  it('never mutates the input (valid and invalid documents, frozen)', () => {
    const docs = [
      [swagger20, 'swagger-2.0'],
      [openapi30, 'openapi-3.0'],
      [openapi31, 'openapi-3.1'],
      [openapi32, 'openapi-3.2'],
      [
        variant(openapi30, (d) => {
          delete d.paths['/pets/{petId}'].parameters[0].required;
          d.paths['/pets/{petId}'].get.x = 1;
        }),
        'openapi-3.0',
      ],
      [
        variant(swagger20, (d) => {
          d.parameters.Limit.in = 'body';
          d.info = [];
        }),
        'swagger-2.0',
      ],
    ] as const;
    for (const [doc, kind] of docs) {
      const frozen = deepFreeze(clone(doc));
      const before = JSON.stringify(frozen);
      expect(() => validateDocument(frozen, kind)).not.toThrow();
      expect(JSON.stringify(frozen)).toBe(before);
    }
  });

  it('reports, not throws, on a cyclic object and on absurd nesting', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    schema.properties = { self: schema };
    const cyclic = variant(swagger20, (d) => (d.definitions.Pet = {}));
    (cyclic as any).definitions.Pet = schema;
    const found = brief(cyclic, 'swagger-2.0');
    expect(found).toEqual([{ code: 'oas2-schema', path: [], message: 'could not be checked against the swagger-2.0 schema: the document is nested too deeply (or is cyclic)' }]);

    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 20_000; i++) deep = { type: 'object', properties: { a: deep } };
    const nested = variant(openapi30, () => undefined);
    (nested as any).components.schemas.Deep = deep;
    expect(() => validateDocument(nested, 'openapi-3.0')).not.toThrow();
  });
});

describe('maxFindings', () => {
  // Ten unexpected properties under info, plus one warning.
  const noisy = variant(openapi30, (d) => {
    for (let i = 0; i < 10; i++) d.info[`extra${i}`] = i;
    d.paths['/pets/{petId}'].get.requestBody = { content: {} };
  });

  it('returns everything by default when under 100', () => {
    expect(validateDocument(noisy, 'openapi-3.0')).toHaveLength(11);
  });

  it('keeps errors first, in document order, and says how many were left out', () => {
    const found = validateDocument(noisy, 'openapi-3.0', { maxFindings: 3 });
    expect(found.map((f) => [f.code, f.severity, f.path.join('/')])).toEqual([
      ['oas3-schema', 'error', 'info/extra0'],
      ['oas3-schema', 'error', 'info/extra1'],
      ['oas3-schema', 'error', 'info/extra2'],
      ['validation-truncated', 'info', ''],
    ]);
    expect(found[3]?.message).toBe('8 more findings not shown (limit 3)');
  });

  it('accepts Infinity', () => {
    expect(validateDocument(noisy, 'openapi-3.0', { maxFindings: Number.POSITIVE_INFINITY })).toHaveLength(11);
  });
});

describe('loading', () => {
  it('importing src/validate does not load ajv; the first validation does', () => {
    const script = `
      const { createRequire } = await import('node:module');
      const req = createRequire(process.cwd() + '/package.json');
      const loaded = () => Object.keys(req.cache).some((k) => k.includes('/node_modules/ajv'));
      const mod = await import('./src/validate/index.ts');
      const before = loaded();
      mod.validateDocument({}, 'openapi-3.1');
      console.log(JSON.stringify({ before, after: loaded() }));
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).not.toMatch(/Error/);
    expect(JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}')).toEqual({ before: false, after: true });
  });
});
