/**
 * Lists longer than a function call takes arguments (≈ 120,000–200,000 on Node 20) are never
 * spread into one call: a lint with 210,000 findings ended with "Maximum call stack size
 * exceeded" when its findings were appended so.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apictl } from '../helpers/cli.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-many-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a lint with more findings than a call takes arguments', () => {
  it('reports every one of them (210,000 unbounded request strings)', () => {
    const count = 210_000;
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) properties[`p${i}`] = { type: 'string' };
    const doc = {
      openapi: '3.0.3',
      info: { title: 'many', version: '1' },
      paths: {
        '/items': {
          post: {
            operationId: 'createItem',
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Big' } } } },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
      components: { schemas: { Big: { type: 'object', properties } } },
    };
    writeFileSync(path.join(dir, 'many.json'), JSON.stringify(doc));
    // JSON on stdout, and the default report (stylish) into a file, from the same run
    const r = apictl(['lint', 'many.json', '-f', 'json', '-f', 'stylish', '-o.stylish=report.txt', '--no-record', '--no-config', '-q'], { cwd: dir, timeoutMs: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const findings = JSON.parse(r.stdout) as Array<{ code: string; path: string[] }>;
    const bounded = findings.filter((f) => f.code === 'request-string-bounded');
    expect(bounded).toHaveLength(count);
    expect(bounded.at(-1)!.path).toEqual(['components', 'schemas', 'Big', 'properties', `p${count - 1}`]);
    const report = readFileSync(path.join(dir, 'report.txt'), 'utf8');
    expect(report.split('\n').filter((l) => l.endsWith('request-string-bounded'))).toHaveLength(count);
    expect(report).toContain(`✖ ${findings.length} problems`);
  }, 120_000);
});
