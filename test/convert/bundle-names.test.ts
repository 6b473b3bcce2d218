/**
 * A multi-file Swagger 2.0 document that references one file from several places: the loader
 * places the file's content at the first reference and writes `#/paths/…` refs at the others;
 * conversion turns that content into a component named after the file or pointer the author
 * wrote (not swagger2openapi's `schema1`), and every node inside it still maps to its own file.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/document/load.js';
import { prepareDocument } from '../../src/core/prepare.js';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-bundle-names-'));
  mkdirSync(path.join(dir, 'spec'));
  mkdirSync(path.join(dir, 'common'));
  writeFileSync(
    path.join(dir, 'spec', 'api.yaml'),
    `swagger: '2.0'
info: {title: Zoo, version: 1.0.0}
host: zoo.example.com
schemes: [https]
paths:
  /animals:
    get:
      parameters:
        - $ref: 'params.yaml#/pageSize'
      responses:
        '200':
          description: all
          schema:
            type: array
            items:
              $ref: 'Animal.yaml'
        default:
          description: failed
          schema:
            $ref: '../common/errors.yaml#/Problem'
  /animals/{id}:
    get:
      parameters:
        - {name: id, in: path, required: true, type: string}
        - $ref: 'params.yaml#/pageSize'
      responses:
        '200':
          description: one
          schema:
            $ref: 'Animal.yaml'
        default:
          description: failed
          schema:
            $ref: '../common/errors.yaml#/Problem'
definitions:
  Animal:
    type: string
`,
  );
  writeFileSync(
    path.join(dir, 'spec', 'Animal.yaml'),
    `type: object
properties:
  id:
    type: string
  name:
    type: string
`,
  );
  writeFileSync(path.join(dir, 'spec', 'params.yaml'), `pageSize:\n  name: page_size\n  in: query\n  type: integer\n  maximum: 100\n`);
  writeFileSync(path.join(dir, 'common', 'errors.yaml'), `Problem:\n  type: object\n  properties:\n    title:\n      type: string\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('components made of files referenced more than once', () => {
  it('are named after the file or pointer, taken apart from names in use, and map to their files', async () => {
    const loaded = await loadDocument({ path: path.join(dir, 'spec', 'api.yaml') }, { cwd: dir, refRoot: dir });
    expect(
      loaded
        .bundleRefs()
        .map((r) => r.written)
        .sort(),
    ).toEqual(['../common/errors.yaml#/Problem', 'Animal.yaml', 'params.yaml#/pageSize']);
    const prepared = await prepareDocument(loaded, { skipValidation: true });
    const doc = prepared.document as { components: { schemas: Record<string, unknown>; parameters?: Record<string, unknown> } };
    // `Animal` is a definition already: the file's content becomes Animal2, as swagger2openapi
    // suffixes any name in use
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['Animal', 'Animal2', 'Problem']);
    expect(Object.keys(doc.components.parameters ?? {})).toEqual(['pageSize']);
    expect(JSON.stringify(doc)).not.toContain('x-miro');
    expect(JSON.stringify(doc.components.schemas.Animal2)).toContain('"name"');

    const at = (p: string[]) => {
      const loc = loaded.locate(prepared.originOf(p));
      return `${path.relative(dir, path.resolve(dir, loc.file))}:${loc.range.start.line}`;
    };
    expect(at(['components', 'schemas', 'Animal2', 'properties', 'name'])).toBe(path.join('spec', 'Animal.yaml') + ':5');
    expect(at(['components', 'schemas', 'Problem', 'properties', 'title'])).toBe(path.join('common', 'errors.yaml') + ':4');
    expect(at(['components', 'parameters', 'pageSize', 'schema', 'maximum'])).toBe(path.join('spec', 'params.yaml') + ':5');
    // the loaded document itself is not marked
    expect(JSON.stringify(loaded.value)).not.toContain('x-miro');
  });
});
