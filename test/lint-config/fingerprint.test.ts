import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { convertSwagger2 } from '../../src/convert/index.js';
import { anchorFor, fingerprintFor } from '../../src/lint/fingerprint.js';

const V3 = `
openapi: 3.0.3
info: { title: t, version: "1" }
paths:
  /pets/{petId}:
    put:
      parameters:
        - { in: query, name: dryRun, schema: { type: boolean } }
        - { in: path, name: petId, required: true, schema: { type: string } }
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Pet" }
      responses:
        "200": { description: ok }
components:
  schemas:
    Pet: { type: object }
`;

// The same API moved around: keys reordered, blank lines and comments added, parameters swapped.
const V3_MOVED = `
# A comment that shifts every line.

components:
  schemas:
    Pet: { type: object }
paths:
  /pets/{petId}:


    put:
      responses:
        "200": { description: ok }
      parameters:
        - { in: path, name: petId, required: true, schema: { type: string } }
        - { in: query, name: dryRun, schema: { type: boolean } }
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Pet" }
openapi: 3.0.3
info: { title: t, version: "1" }
`;

// The same API as Swagger 2.0: the body parameter becomes a requestBody, so indexes shift.
const V2 = `
swagger: "2.0"
info: { title: t, version: "1" }
consumes: [application/json]
paths:
  /pets/{petId}:
    put:
      parameters:
        - { in: body, name: body, schema: { $ref: "#/definitions/Pet" } }
        - { in: path, name: petId, required: true, type: string }
        - { in: query, name: dryRun, type: boolean }
      responses:
        "200": { description: ok }
definitions:
  Pet: { type: object }
`;

type Doc = { paths: Record<string, { put: { parameters: Array<{ name: string }> } }> };
const paramIndex = (doc: unknown, name: string): string => String((doc as Doc).paths['/pets/{petId}']!.put.parameters.findIndex((p) => p.name === name));

describe('finding fingerprints', () => {
  const v3 = parse(V3) as unknown;
  const moved = parse(V3_MOVED) as unknown;

  it('stay the same across releases: baselines written before keep matching', () => {
    // values written by the first release with fingerprints; an optimisation that changes one
    // makes every baseline entry of that shape a new finding
    const doc = parse(`
openapi: 3.1.0
paths:
  /pets/{petId}/:
    parameters:
      - { $ref: "#/components/parameters/Trace" }
    get:
      parameters:
        - { in: query, name: limit }
        - 7
webhooks:
  newPet: { post: { responses: {} } }
components:
  parameters:
    Trace: { in: header, name: X-Trace }
`) as unknown;
    const pinned: Array<[string, string[], string, string]> = [
      ['operation-summary', ['paths', '/pets/{petId}/', 'get'], 'paths//pets/{}/GET', '950a4763a152685e3ced'],
      ['param-casing', ['paths', '/pets/{petId}/', 'get', 'parameters', '0', 'name'], 'paths//pets/{}/GET/parameters/query:limit/name', '8b19c4da63e6afbe09a2'],
      ['param-ref', ['paths', '/pets/{petId}/', 'parameters', '0'], 'paths//pets/{}/parameters/ref:#/components/parameters/Trace', '71df35ad81ad4c550592'],
      ['param-odd', ['paths', '/pets/{petId}/', 'get', 'parameters', '1'], 'paths//pets/{}/GET/parameters/1', '95c63b2f67bd0c98a506'],
      ['webhook-rule', ['webhooks', 'newPet', 'post', 'responses'], 'webhooks/webhook:newPet/POST/responses', 'e847eebff0777c1bbe2b'],
      ['schema-rule', ['components', 'schemas', 'Pet', 'properties', 'a~b/c'], 'components/schemas/Pet/properties/a~b/c', 'a3a0c01881c2e90cc144'],
      ['root-rule', [], '', '66c2321c007898545361'],
    ];
    for (const [code, path, anchor, fingerprint] of pinned) {
      expect(anchorFor(path, doc), path.join('/')).toBe(anchor);
      expect(fingerprintFor(code, path, doc), path.join('/')).toBe(fingerprint);
    }
  });

  it('are 20 hex characters, and differ by rule', () => {
    const op = ['paths', '/pets/{petId}', 'put'];
    expect(fingerprintFor('operation-id-required', op, v3)).toMatch(/^[0-9a-f]{20}$/);
    expect(fingerprintFor('operation-id-required', op, v3)).not.toBe(fingerprintFor('operation-tags', op, v3));
  });

  it('survive line moves and reordered parameters', () => {
    for (const name of ['dryRun', 'petId']) {
      const at = (doc: unknown) => ['paths', '/pets/{petId}', 'put', 'parameters', paramIndex(doc, name), 'schema'];
      expect(at(v3)).not.toEqual(at(moved)); // the index did change…
      expect(fingerprintFor('param-schema', at(moved), moved)).toBe(fingerprintFor('param-schema', at(v3), v3)); // …the fingerprint did not
    }
    expect(anchorFor(['paths', '/pets/{petId}', 'put', 'parameters', '1'], v3)).toBe('paths//pets/{}/PUT/parameters/path:petId');
  });

  it('survive renaming a path parameter in the template, and a trailing slash', () => {
    const renamed = { paths: { '/pets/{id}/': { put: {} } } };
    expect(fingerprintFor('r', ['paths', '/pets/{id}/', 'put'], renamed)).toBe(fingerprintFor('r', ['paths', '/pets/{petId}', 'put'], v3));
  });

  it('tell operations apart by method and path', () => {
    const doc = { paths: { '/pets': { get: {}, post: {} }, '/pets/{id}': { get: {} } } };
    const fp = (p: string, m: string) => fingerprintFor('r', ['paths', p, m], doc);
    expect(new Set([fp('/pets', 'get'), fp('/pets', 'post'), fp('/pets/{id}', 'get')]).size).toBe(3);
  });

  it('are equal for a Swagger 2.0 document converted to 3.0 and the same API written in 3.0', async () => {
    const { document: converted } = await convertSwagger2(parse(V2));
    // The body parameter moved out: dryRun is at index 1 after conversion, 0 in the 3.0 document.
    expect(paramIndex(converted, 'dryRun')).toBe('1');
    expect(paramIndex(v3, 'dryRun')).toBe('0');
    const pairs: Array<[string[], string[]]> = [
      [
        ['paths', '/pets/{petId}', 'put'],
        ['paths', '/pets/{petId}', 'put'],
      ],
      [
        ['paths', '/pets/{petId}', 'put', 'parameters', paramIndex(converted, 'dryRun')],
        ['paths', '/pets/{petId}', 'put', 'parameters', paramIndex(v3, 'dryRun')],
      ],
      [
        ['paths', '/pets/{petId}', 'put', 'parameters', paramIndex(converted, 'petId'), 'schema'],
        ['paths', '/pets/{petId}', 'put', 'parameters', paramIndex(v3, 'petId'), 'schema'],
      ],
      [
        ['components', 'schemas', 'Pet'],
        ['components', 'schemas', 'Pet'],
      ],
    ];
    for (const [from2, in3] of pairs) expect(fingerprintFor('rule', from2, converted), from2.join('/')).toBe(fingerprintFor('rule', in3, v3));
  });
});
