/**
 * One `$ref` that points to nothing does not switch anything off: lint runs every rule (only
 * what depends on the missing target is not said), convert writes its output with the ref
 * rewritten and exits 1, and mcp generate leaves out only the operations that reach the ref.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { apictl, apictlAsync } from '../helpers/cli.js';
import { corpusDir, hasCorpus } from '../helpers/corpus.js';
import { tempTree } from '../helpers/tmp.js';

/** A Swagger 2.0 document whose `/pets` answer is the only use of `Pet`, written last. */
const swagger2 = (petRef: string): string => `swagger: '2.0'
info:
  title: Shelter
  version: 1.0.0
host: api.example.com
basePath: /v1
schemes: [https]
paths:
  /pets:
    get:
      operationId: listPets
      produces: [application/json]
      responses:
        '200':
          description: ok
          schema:
            $ref: '${petRef}'
  /users:
    get:
      operationId: listUsers
      produces: [application/json]
      responses:
        '200':
          description: ok
          schema:
            $ref: '#/definitions/User'
definitions:
  User:
    type: object
    properties:
      name:
        type: string
  Pet:
    type: object
    properties:
      nickname:
        type: string
`;

interface Reported {
  code: string;
  message: string;
  range: { start: { line: number; character: number } };
}

const key = (f: Reported): string => `${f.code} ${f.range.start.line + 1}:${f.range.start.character + 1} ${f.message}`;

function lintJson(dir: string, file: string): { code: number | null; findings: Reported[] } {
  const r = apictl(['lint', file, '--no-record', '--no-config', '-f', 'json'], { cwd: dir });
  expect(r.stderr).not.toMatch(/internal error/);
  return { code: r.code, findings: JSON.parse(r.stdout) as Reported[] };
}

describe('a document with a $ref to nothing', () => {
  it('lint reports what the fixed document gets, minus what depends on the target, plus unresolved-ref', () => {
    const dir = tempTree({ 'fixed.yaml': swagger2('#/definitions/Pet'), 'broken.yaml': swagger2('#/definitions/Gone') });
    const fixed = lintJson(dir, 'fixed.yaml');
    const broken = lintJson(dir, 'broken.yaml');
    expect(broken.code).toBe(1);
    // what only the target can tell: that GET /pets answers with Pet's unbounded string
    const dependsOnTarget = (f: Reported): boolean => f.code === 'response-string-bounded' && /GET \/pets /.test(f.message);
    const expected = fixed.findings.filter((f) => !dependsOnTarget(f)).map(key);
    expected.push("unresolved-ref 17:13 $ref '#/definitions/Gone' points to nothing: '/definitions/Gone' does not exist");
    // Pet is no longer referenced by anyone
    expected.push("no-unused-components 33:3 Schema 'Pet' is never referenced.");
    expect(broken.findings.map(key).sort()).toEqual(expected.sort());
    expect(fixed.findings.length).toBeGreaterThan(20);
    expect(fixed.findings.filter(dependsOnTarget).map((f) => f.code)).toEqual(['response-string-bounded']);
  });

  it('convert writes the document with the ref rewritten like any other, reports it at its line and exits 1', () => {
    const dir = tempTree({ 'broken.yaml': swagger2('#/definitions/Gone') });
    const r = apictl(['convert', 'broken.yaml', '-o', 'out.yaml'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^broken\.yaml:17:13: error: \$ref '#\/definitions\/Gone' points to nothing: '\/definitions\/Gone' does not exist \(unresolved-ref\)$/m);
    const out = parseYaml(readFileSync(path.join(dir, 'out.yaml'), 'utf8')) as any;
    expect(out.paths['/pets'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Gone' });
    expect(out.components.schemas.User).toBeDefined();
    const q = apictl(['convert', 'broken.yaml', '-o', 'quiet.yaml', '--quiet'], { cwd: dir });
    expect(q.code).toBe(1);
    expect(q.stderr).toMatch(/^broken\.yaml:17:13: error: .*\(unresolved-ref\)$/m);
  });

  it('mcp generate leaves out only the operation that reaches the ref, and says why', async () => {
    const dir = tempTree({ 'broken.yaml': swagger2('#/definitions/Gone') });
    const r = await apictlAsync(['mcp', 'generate', 'broken.yaml', '-o', 'server', '--json'], { cwd: dir });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { operations: Array<{ path: string; selected: boolean; reason: string }> };
    expect(report.operations.map((e) => [e.path, e.selected, e.reason])).toEqual([
      ['/pets', false, "left out: it reaches $ref '#/components/schemas/Gone', which points to nothing (fix the reference to generate this tool)"],
      ['/users', true, 'read: selected by default'],
    ]);
    const { tools } = JSON.parse(readFileSync(path.join(dir, 'server', 'tools.json'), 'utf8')) as { tools: Array<{ definition: { name: string } }> };
    expect(tools.map((t) => t.definition.name)).toEqual(['listUsers']);
  });
});

describe('a Swagger 2.0 document with a cycle of pure refs', () => {
  it('lint reports the cycle and that the style guide could not run, and records the run incomplete', async () => {
    const cyclic = swagger2('#/definitions/A').replace('definitions:\n', "definitions:\n  A: {$ref: '#/definitions/B'}\n  B: {$ref: '#/definitions/A'}\n");
    const dir = tempTree({ 'cyclic.yaml': cyclic });
    const r = await apictlAsync(['lint', 'cyclic.yaml', '--db', 'scores.db', '-q', '-f', 'json'], { cwd: dir });
    const findings = JSON.parse(r.stdout) as Reported[];
    expect(findings.map(key).filter((k) => !k.startsWith('path-param') && !k.startsWith('oas2-schema'))).toEqual([
      'rules-not-run 1:1 the style guide did not run: the Swagger 2.0 document could not be converted to 3.x (see its circular-ref errors)',
      'circular-ref 28:7 circular $ref: #/definitions/A → #/definitions/B → #/definitions/A never reaches a value',
    ]);
    const score = JSON.parse((await apictlAsync(['score', 'cyclic.yaml', '--db', 'scores.db', '--json'], { cwd: dir })).stdout) as { latest: { complete: boolean } };
    expect(score.latest.complete).toBe(false);
  });
});

describe.skipIf(!hasCorpus)('a corpus document with one ref broken', () => {
  const files = ['small/oai-uber-2.0.yaml', 'small/redocly-museum-3.1.yaml', 'medium/asana.yaml', 'swagger2/09-go-swagger-bugs_1614_gitea.json'];
  it.each(files)('%s: every finding but unresolved-ref is one the intact document has at the same place', (file) => {
    const text = readFileSync(path.join(corpusDir, file), 'utf8');
    // the first use of a target used more than once, renamed to a target that does not exist
    const refs = [...text.matchAll(/\$ref"?\s*:\s*["']?(#\/[^"'\s}]+)/g)].map((m) => m[1]!);
    const target = refs.find((r, i) => refs.indexOf(r, i + 1) !== -1)!;
    const at = text.indexOf(target);
    const ext = path.extname(file);
    const dir = tempTree({ [`fixed${ext}`]: text, [`broken${ext}`]: `${text.slice(0, at)}${target}Gone${text.slice(at + target.length)}` });
    const fixed = lintJson(dir, `fixed${ext}`).findings;
    const broken = lintJson(dir, `broken${ext}`).findings;
    const place = (f: Reported): string => `${f.code} ${f.range.start.line}:${f.range.start.character}`;
    const fixedPlaces = new Set(fixed.map(place));
    const unresolved = broken.filter((f) => f.code === 'unresolved-ref');
    expect(unresolved.map((f) => f.message)).toEqual([expect.stringContaining(`${target}Gone`)]);
    expect(broken.filter((f) => f.code !== 'unresolved-ref' && !fixedPlaces.has(place(f))).map(key)).toEqual([]);
    // at most the findings about the operations that reached the target are missing
    expect(broken.length).toBeGreaterThanOrEqual(fixed.length - 10);
    expect(readdirSync(dir).sort()).toEqual([`broken${ext}`, `fixed${ext}`]);
  });
});
