import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/document/load.js';
import { InputError } from '../../src/errors.js';
import { tempTree } from '../helpers/tmp.js';

async function loadError(file: string, opts: Parameters<typeof loadDocument>[1] = {}): Promise<string> {
  try {
    await loadDocument({ path: file }, opts);
  } catch (e) {
    if (e instanceof InputError) return e.format();
    throw e;
  }
  throw new Error('expected an InputError');
}

const head = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n";

describe('detection', () => {
  it.each([
    ["swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}\n", 'swagger-2.0', '2.0'],
    ['{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}}', 'openapi-3.0', '3.0.3'],
    ['openapi: 3.1.1\ninfo: {title: t, version: "1"}\n', 'openapi-3.1', '3.1.1'],
    ['openapi: 3.2.0\ninfo: {title: t, version: "1"}\n', 'openapi-3.2', '3.2.0'],
  ])('detects the version from the content, not the file name', async (text, kind, version) => {
    // The file is named .txt on purpose: JSON vs YAML comes from the content too.
    const dir = tempTree({ 'spec.txt': text });
    const doc = await loadDocument({ path: path.join(dir, 'spec.txt') }, { cwd: dir });
    expect(doc.spec).toEqual({ kind, version });
    expect(doc.entry.syntax).toBe(text.startsWith('{') ? 'json' : 'yaml');
  });

  it.each([
    ['openapi: 4.0.0\n', "spec.yaml:1:1: unsupported OpenAPI version '4.0.0' (supported: Swagger 2.0, OpenAPI 3.0.x, 3.1.x, 3.2.x)"],
    ["swagger: '1.2'\n", "spec.yaml:1:1: unsupported Swagger version '1.2' (supported: Swagger 2.0, OpenAPI 3.0.x, 3.1.x, 3.2.x)"],
    ['info: {title: t}\n', "spec.yaml:1:1: no 'openapi' or 'swagger' field: not an API description (supported: Swagger 2.0, OpenAPI 3.0.x, 3.1.x, 3.2.x)"],
    ['- a\n- b\n', 'spec.yaml:1:1: not an API description: the document is an array, not an object (supported: Swagger 2.0, OpenAPI 3.0.x, 3.1.x, 3.2.x)'],
  ])('refuses what it does not support with the list of what it does', async (text, message) => {
    const dir = tempTree({ 'spec.yaml': text });
    expect(await loadError('spec.yaml', { cwd: dir })).toBe(message);
  });
});

describe('reading', () => {
  it('strips a BOM and rejects invalid UTF-8 with its line and column', async () => {
    const bad = Buffer.concat([Buffer.from(head + 'x: "ab'), Buffer.from([0xc3, 0x28]), Buffer.from('"\n')]);
    const dir = tempTree({ 'bom.yaml': '\ufeff' + head, 'bad.yaml': bad });
    expect((await loadDocument({ path: path.join(dir, 'bom.yaml') })).spec.kind).toBe('openapi-3.0');
    expect(await loadError('bad.yaml', { cwd: dir })).toBe('bad.yaml:3:7: invalid UTF-8 byte 0xc3 (the file must be UTF-8)');
  });

  it('refuses a file over the size limit before reading it', async () => {
    const dir = tempTree({ 'big.json': JSON.stringify({ openapi: '3.0.0', x: 'y'.repeat(5000) }) });
    expect(await loadError('big.json', { cwd: dir, limits: { maxBytes: 1000 } })).toMatch(/^big\.json: file is 4\.9 KiB, larger than the 1000 B limit/);
  });

  it('says so when the file does not exist', async () => {
    expect(await loadError('/nonexistent/apictl/spec.yaml')).toBe('/nonexistent/apictl/spec.yaml: no such file');
  });
});

describe('$ref bundling', () => {
  it('bundles files inside the folder: first use inlined, later uses and cycles become internal refs', async () => {
    const dir = tempTree({
      'api.yaml': `${head}paths:\n  /pets:\n    $ref: paths/pets.yaml\n  /pets2:\n    $ref: paths/pets.yaml\ncomponents:\n  schemas:\n    Local: {type: string}\n`,
      'paths/pets.yaml': 'get:\n  responses:\n    "200":\n      description: ok\n      content:\n        application/json:\n          schema:\n            $ref: ../schemas/Pet.yaml\n',
      'schemas/Pet.yaml':
        "type: object\nproperties:\n  name:\n    $ref: '#/definitions/Name'\n  parent:\n    $ref: Pet.yaml\n  local:\n    $ref: '../api.yaml#/components/schemas/Local'\ndefinitions:\n  Name: {type: string}\n",
    });
    const doc = await loadDocument({ path: 'api.yaml' }, { cwd: dir });
    const v = doc.value as any;
    const schema = v.paths['/pets'].get.responses['200'].content['application/json'].schema;
    expect(schema.type).toBe('object');
    // Pet.yaml was placed whole, so its own #/definitions/Name becomes a pointer into that placement.
    const nameRef = '#/paths/~1pets/get/responses/200/content/application~1json/schema/definitions/Name';
    expect(schema.properties.name).toEqual({ $ref: nameRef });
    expect(schema.definitions.Name).toEqual({ type: 'string' });
    expect(schema.properties.parent).toEqual({ $ref: '#/paths/~1pets/get/responses/200/content/application~1json/schema' });
    expect(schema.properties.local).toEqual({ $ref: '#/components/schemas/Local' });
    expect(v.paths['/pets2']).toEqual({ $ref: '#/paths/~1pets' });
    expect(doc.files.size).toBe(3);
    expect(doc.refFindings).toEqual([]);
    // Positions come from the file that holds the node.
    const loc = doc.locate(['paths', '/pets', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'properties', 'parent']);
    expect(loc).toMatchObject({ file: path.join('schemas', 'Pet.yaml'), range: { start: { line: 5, column: 3 } }, exact: true });
    expect(doc.locate(['paths', '/pets', 'get']).file).toBe(path.join('paths', 'pets.yaml'));
    expect(doc.locate(['components', 'schemas', 'Local']).range.start).toEqual({ line: 10, column: 5 });
    // JSON.stringify must not meet a cycle.
    expect(() => JSON.stringify(v)).not.toThrow();
  });

  it('keeps the keys written beside an external $ref', async () => {
    const dir = tempTree({
      'api.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    A:\n      $ref: a.yaml\n      description: mine\n`,
      'a.yaml': 'type: object\ndescription: theirs\n',
    });
    const doc = await loadDocument({ path: 'api.yaml' }, { cwd: dir });
    expect((doc.value as any).components.schemas.A).toEqual({ type: 'object', description: 'mine' });
  });

  it.each([
    ['/etc/passwd', "refusing $ref '/etc/passwd': absolute paths are not followed (use a path relative to the document)"],
    ['file:///etc/passwd', "refusing $ref 'file:///etc/passwd': file:// references are not followed (use a relative path)"],
    ['../outside/secret.yaml', "refusing $ref '../outside/secret.yaml': it leaves the allowed folder"],
    ['http://127.0.0.1:18080/x.yaml', "refusing remote reference 'http://127.0.0.1:18080/x.yaml': remote references are off"],
    ['https://169.254.169.254/latest/meta-data', "refusing remote reference 'https://169.254.169.254/latest/meta-data': remote references are off"],
    ['ftp://example.com/x.yaml', "refusing $ref 'ftp://example.com/x.yaml': the 'ftp:' scheme is not supported"],
    ['notes.txt', "refusing $ref 'notes.txt': only .json, .yaml and .yml files are followed"],
    ['missing.yaml', "refusing $ref 'missing.yaml': no such file"],
  ])('refuses %s with the ref and its line, and reads nothing', async (ref, message) => {
    const dir = tempTree({
      'api/spec.yaml': `${head}paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: '${ref}'\n`,
      'api/notes.txt': 'SECRET-NOTES',
      'outside/secret.yaml': 'description: SECRET-MARKER\n',
    });
    const err = await loadError(path.join('api', 'spec.yaml'), { cwd: dir });
    expect(err.startsWith(`${path.join('api', 'spec.yaml')}:12:17: ${message}`)).toBe(true);
    expect(err).not.toMatch(/SECRET|root:/);
  });

  it('follows refs outside the folder when --ref-root widens it', async () => {
    const dir = tempTree({
      'api/spec.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    S:\n      $ref: ../common/s.yaml\n`,
      'common/s.yaml': 'type: string\n',
    });
    const doc = await loadDocument({ path: path.join(dir, 'api/spec.yaml') }, { cwd: dir, refRoot: dir });
    expect((doc.value as any).components.schemas.S).toEqual({ type: 'string' });
  });

  it('refuses a symlink that leads out of the folder', async () => {
    const dir = tempTree({
      'api/spec.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    S:\n      $ref: link.yaml\n`,
      'outside/secret.yaml': 'description: SECRET-MARKER\n',
    });
    symlinkSync(path.join(dir, 'outside/secret.yaml'), path.join(dir, 'api/link.yaml'));
    const err = await loadError(path.join('api', 'spec.yaml'), { cwd: dir });
    expect(err).toMatch(/spec\.yaml:7:7: refusing \$ref 'link\.yaml': it resolves \(through a link\) outside the allowed folder/);
    expect(err).not.toMatch(/SECRET/);
  });

  it('accepts recursive schemas and reports a pure cycle and a missing target at their lines', async () => {
    const dir = tempTree({
      'api.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    Node:\n      type: object\n      properties:\n        child: {$ref: '#/components/schemas/Node'}\n    A: {$ref: '#/components/schemas/B'}\n    B: {$ref: '#/components/schemas/A'}\n    C: {$ref: '#/components/schemas/Nope'}\n`,
    });
    const doc = await loadDocument({ path: 'api.yaml' }, { cwd: dir });
    const found = doc.refFindings.map((f) => ({ code: f.code, line: doc.locate(f.path).range.start.line, message: f.message }));
    found.sort((a, b) => a.line - b.line);
    expect(found).toEqual([
      { code: 'circular-ref', line: 10, message: 'circular $ref: #/components/schemas/A → #/components/schemas/B → #/components/schemas/A never reaches a value' },
      { code: 'unresolved-ref', line: 12, message: "$ref '#/components/schemas/Nope' points to nothing: '/components/schemas/Nope' does not exist" },
    ]);
  });

  it('reports a missing fragment in another file and a cycle of pure refs across files', async () => {
    const dir = tempTree({
      'api.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    X: {$ref: 'x.yaml#/nope'}\n    Y: {$ref: 'y.yaml'}\n`,
      'x.yaml': 'a: 1\n',
      'y.yaml': '$ref: z.yaml\n',
      'z.yaml': '$ref: y.yaml\n',
    });
    const err = await loadError('api.yaml', { cwd: dir });
    expect(err).toBe("y.yaml:1:1: circular $ref 'z.yaml': it refers back to itself through other references".replace('z.yaml', 'y.yaml').replace('y.yaml:1:1', 'z.yaml:1:1'));
  });
});

describe('inputs shaped to make loading blow up', () => {
  it('judges a chain of pure refs ending in a cycle once, and reports the cycle once', async () => {
    const n = 200;
    const schemas = Array.from({ length: n }, (_, i) => `    S${i}: {$ref: '#/components/schemas/S${i + 1}'}`).join('\n');
    const dir = tempTree({ 'api.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n${schemas}\n    S${n}: {$ref: '#/components/schemas/S${n - 1}'}\n` });
    const doc = await loadDocument({ path: 'api.yaml' }, { cwd: dir });
    expect(doc.refFindings.map((f) => [f.code, f.message, doc.locate(f.path).range.start.line])).toEqual([
      ['circular-ref', `circular $ref: #/components/schemas/S${n - 1} → #/components/schemas/S${n} → #/components/schemas/S${n - 1} never reaches a value`, 5 + n],
    ]);
  });

  it('refuses a bundle that $refs nest deeper than the depth limit, at the place that crosses it', async () => {
    const files: Record<string, string> = { 'api.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    A: {$ref: 's0.yaml'}\n` };
    for (let i = 0; i < 100; i++) files[`s${i}.yaml`] = `type: object\nproperties:\n  next:\n    $ref: s${i + 1}.yaml\n`;
    files['s100.yaml'] = 'type: string\n';
    const dir = tempTree(files);
    // components/schemas/A is depth 3; each file adds properties/next (2 levels)
    expect(await loadError('api.yaml', { cwd: dir, limits: { maxDepth: 40 } })).toBe('s18.yaml:3:3: $refs nest the bundled document deeper than 40 levels (raise it with --max-depth)');
    const doc = await loadDocument({ path: 'api.yaml' }, { cwd: dir, limits: { maxDepth: 256 } });
    expect(doc.files.size).toBe(102);
  });

  it('refuses a $ref to a FIFO at the ref, without opening it for a blocking read', async () => {
    const dir = tempTree({ 'api.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    A: {$ref: 'pipe.yaml'}\n` });
    execFileSync('mkfifo', [path.join(dir, 'pipe.yaml')]);
    expect(await loadError('api.yaml', { cwd: dir })).toBe("api.yaml:6:9: refusing $ref 'pipe.yaml': pipe.yaml: is not a regular file (a pipe, socket or device is never read)");
    expect(await loadError('pipe.yaml', { cwd: dir })).toBe('pipe.yaml: is not a regular file (a pipe, socket or device is never read)');
  });
});

describe('$refs inside data', () => {
  it('leaves $refs in extensions and examples as written and reads no file for them', async () => {
    const dir = tempTree({
      'api.yaml': `${head}paths: {}\nx-topics:\n  - content: {$ref: ./docs/guide.md}\ncomponents:\n  schemas:\n    S:\n      type: object\n      example: {$ref: '../outside.yaml'}\n  examples:\n    E:\n      value: {$ref: 'missing.json'}\n`,
    });
    const doc = await loadDocument({ path: 'api.yaml' }, { cwd: dir });
    expect(doc.files.size).toBe(1);
    expect((doc.value as any)['x-topics'][0].content).toEqual({ $ref: './docs/guide.md' });
    expect((doc.value as any).components.examples.E.value).toEqual({ $ref: 'missing.json' });
    expect(doc.refFindings).toEqual([]);
  });
});

describe('a single-file document handed to a consumer that edits it', () => {
  it('locates from the text and re-parses a pristine copy on demand', async () => {
    const text = "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200': {description: ok}\n";
    const dir = tempTree({ 'spec.yaml': text });
    const doc = await loadDocument({ path: path.join(dir, 'spec.yaml') }, { cwd: dir });
    const pristine = structuredClone(doc.value);
    // the consumer (the converter) moves things around in the value it owns
    const value = doc.value as Record<string, any>;
    delete value.paths['/a'];
    value.paths['/moved'] = {};
    expect(doc.locate(['paths', '/a', 'get', 'responses', '200'])).toMatchObject({ file: path.join(dir, 'spec.yaml'), range: { start: { line: 7, column: 9 } }, exact: true });
    expect(doc.locate(['paths', '/a', 'nothing'])).toMatchObject({ range: { start: { line: 4 } }, path: ['paths', '/a'], exact: false });
    const again = doc.reparse!();
    expect(again).toEqual(pristine);
    expect(again).not.toBe(doc.value);
  });

  it('re-parses JSON (with a byte order mark, escapes and __proto__ keys) to the value it loaded', async () => {
    const text = '\ufeff{"swagger": "2.0", "info": {"title": "t\\u00e9\\"", "version": "1"}, "paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "__proto__": {"x": 1}}}}}}}';
    const dir = tempTree({ 'spec.json': text });
    const doc = await loadDocument({ path: path.join(dir, 'spec.json') }, { cwd: dir });
    const pristine = structuredClone(doc.value);
    (doc.value as Record<string, any>).paths = {};
    const again = doc.reparse!() as Record<string, any>;
    expect(again).toEqual(pristine);
    expect(again.info.title).toBe('té"');
    expect(Object.hasOwn(again.paths['/a'].get.responses['200'], '__proto__')).toBe(true);
  });

  it('has no re-parse when refs were bundled from other files', async () => {
    const dir = tempTree({
      'spec.yaml': `${head}paths:\n  /a:\n    $ref: paths.yaml#/a\n`,
      'paths.yaml': 'a:\n  get:\n    responses:\n      "200": {description: ok}\n',
    });
    const doc = await loadDocument({ path: path.join(dir, 'spec.yaml') }, { cwd: dir });
    expect(doc.files.size).toBe(2);
    expect(doc.reparse).toBeUndefined();
  });
});
