/**
 * apictl's rule runner against Spectral's: the same rulesets, loaded by Spectral's own ruleset
 * loader (as Spectral CLI users load them) and run by Spectral, give exactly the findings apictl's
 * runner gives (rule, path, message, severity). Plus the runner's parts on their own: the
 * selectors, Spectral's message templates, the core functions and their option errors.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadRuleset } from '../../src/lint/ruleset.js';
import { BUILTINS } from '../../src/lint/runner/builtin.js';
import { escapedPointer, printValue, renderMessage } from '../../src/lint/runner/message.js';
import { runOwnRules } from '../../src/lint/runner/run.js';
import { compileSelector, select } from '../../src/lint/runner/select.js';
import { corpusDir, repoRoot } from '../helpers/corpus.js';

// A document that reaches the selectors beyond `$`: aliases over paths, webhooks and 3.2's
// additionalOperations, filters on security schemes, path keys, tags, flows.
const CRAFTED = `openapi: 3.2.0
info: {title: Crafted, version: '1', x-api-id: 'not a uuid', x-audience: galaxy, x-data-classification: 7}
servers: [{url: 'http://api.example.com/v1/'}]
tags:
  - {name: pets}
  - {name: cats, parent: pets, description: Cats}
paths:
  /pets/:
    get: {operationId: list pets, responses: {'200': {description: ok}}}
    trace: {responses: {'200': {description: ok}}}
    additionalOperations:
      PURGE: {responses: {'204': {description: gone}}}
  /pets/{id}{name}.json?x=1:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    get: {tags: [cats], responses: {'200': {description: ok}}}
webhooks:
  petAdded:
    post: {requestBody: {content: {application/json: {schema: {type: object}}}}, responses: {'200': {description: ok}}}
components:
  securitySchemes:
    basic: {type: http, scheme: basic}
    digest: {type: http, scheme: Digest}
    bearer: {type: http, scheme: Bearer}
    key: {type: apiKey, in: query, name: k}
    oauth:
      type: oauth2
      flows:
        implicit: {authorizationUrl: 'http://auth.example.com/a', scopes: {}}
        password: {tokenUrl: 'https://auth.example.com/t', scopes: {}}
    broken: 42
`;

function documents(): Array<[string, unknown]> {
  const docs: Array<[string, unknown]> = [
    ['crafted', parse(CRAFTED)],
    ['bookshop', parse(readFileSync(path.join(repoRoot, 'examples', 'bookshop-openapi31.yaml'), 'utf8'))],
  ];
  for (const f of ['small/redocly-museum-3.1.yaml', 'small/oai-link-example-3.0.yaml', 'small/bump-train-travel-3.1.yaml']) {
    const file = path.join(corpusDir, f);
    if (existsSync(file)) docs.push([f, parse(readFileSync(file, 'utf8'), { maxAliasCount: 1000 })]);
  }
  return docs;
}

type Found = string[];
const key = (code: unknown, p: ReadonlyArray<unknown>, message: string, severity: number): string => `${String(code)} ${JSON.stringify(p.map(String))} ${severity} ${message}`;

async function spectralFindings(rulesetFile: string, doc: unknown): Promise<Found> {
  const { bundleAndLoadRuleset } = await import('@stoplight/spectral-ruleset-bundler/with-loader');
  const fs = await import('node:fs');
  const { fetch } = await import('@stoplight/spectral-runtime');
  const { Spectral, Document } = await import('@stoplight/spectral-core');
  const Parsers = await import('@stoplight/spectral-parsers');
  const spectral = new Spectral();
  const ruleset = await bundleAndLoadRuleset(rulesetFile, { fs, fetch });
  spectral.setRuleset(ruleset);
  const results = await spectral.run(new Document(JSON.stringify(doc), Parsers.Json, 'doc.json'), { ignoreUnknownFormat: true });
  // the rules' results only (not Spectral's own diagnostics, such as a $ref it could not resolve)
  return results
    .filter((r) => Object.hasOwn(ruleset.rules, String(r.code)))
    .map((r) => key(r.code, r.path, r.message, r.severity))
    .sort();
}

async function apictlFindings(packs: string[], doc: unknown): Promise<Found> {
  const rs = await loadRuleset({ packs });
  const run = runOwnRules(rs.own, doc, Date.now() + 60_000);
  expect(run.failures).toEqual([]);
  return run.results.map((r) => key(r.code, r.path, r.message, r.severity)).sort();
}

describe("apictl's runner and Spectral's, on the same rulesets", () => {
  it.each([
    ['the style guide', path.join(repoRoot, 'rulesets', 'apictl.yaml'), []],
    ['psd2', path.join(repoRoot, 'rulesets', 'packs', 'psd2.yaml'), ['psd2']],
    ['fhir', path.join(repoRoot, 'rulesets', 'packs', 'fhir.yaml'), ['fhir']],
    ['r155', path.join(repoRoot, 'rulesets', 'packs', 'r155.yaml'), ['r155']],
    ['gdpr', path.join(repoRoot, 'rulesets', 'packs', 'gdpr.yaml'), ['gdpr']],
  ])(
    '%s: the same findings, one by one',
    async (_name, file, packs) => {
      for (const [name, doc] of documents()) {
        const ours = await apictlFindings(packs, doc);
        const theirs = await spectralFindings(file, doc);
        expect(ours.length, name).toBeGreaterThan(0);
        expect(ours, name).toEqual(theirs);
      }
    },
    300_000,
  );
});

describe('selectors', () => {
  const doc = parse(CRAFTED);
  const paths = (...exprs: string[]): string[] => {
    const out: string[] = [];
    select(doc, exprs.map(compileSelector), (p, v) => out.push(`${p.join('/')}=${typeof v === 'string' ? v : typeof v}`));
    return out;
  };

  it('visit matches in document order, across the expressions of an alias too', () => {
    expect(paths('$.paths[*][get,trace]', '$.webhooks[*][post]', '$.paths[*].additionalOperations[*]')).toEqual([
      'paths//pets//get=object',
      'paths//pets//trace=object',
      'paths//pets//additionalOperations/PURGE=object',
      'paths//pets/{id}{name}.json?x=1/get=object',
      'webhooks/petAdded/post=object',
    ]);
  });

  it('give keys with ~, array indices as numbers, and filter with @', () => {
    expect(paths('$.paths[*]~')).toEqual(['paths//pets/=/pets/', 'paths//pets/{id}{name}.json?x=1=/pets/{id}{name}.json?x=1']);
    const tags: unknown[] = [];
    select(doc, [compileSelector('$.tags[*]')], (p) => tags.push(p[1]));
    expect(tags).toEqual([0, 1]);
    expect(paths("$.components.securitySchemes[?(@.type == 'http')].scheme")).toEqual([
      'components/securitySchemes/basic/scheme=basic',
      'components/securitySchemes/digest/scheme=Digest',
      'components/securitySchemes/bearer/scheme=Bearer',
    ]);
    expect(paths("$.components.securitySchemes[?(@ && @.type == 'http' && (@.scheme == 'bearer' || @.scheme == 'Bearer'))]")).toEqual(['components/securitySchemes/bearer=object']);
    expect(paths('$.components.securitySchemes[?(@ && @.type)]')).toHaveLength(5);
  });

  it('refuse what they do not support, instead of selecting nothing', () => {
    for (const bad of ['$..description', '$.paths[0:2]', '$.a[?(@.x > 1)]', 'paths', "$.a[?(@.x == require('fs'))]"]) expect(() => compileSelector(bad), bad).toThrow(/given/);
  });
});

describe('messages', () => {
  const vars = { property: 'scheme', error: 'oops', path: escapedPointer(['components', 'securitySchemes', 'my key/x', 'flows']), description: 'd', value: 'Digest' };

  it('fill in the variables Spectral fills in, and print values as Spectral does', () => {
    expect(vars.path).toBe('#/components/securitySchemes/my%20key~1x/flows');
    expect(renderMessage('{{property}}: {{value}} at {{path}} ({{error}}, {{description}}) {{unknown}}', vars)).toBe('scheme: Digest at #/components/securitySchemes/my%20key~1x/flows (oops, d) ');
    expect(renderMessage('#{{print("property")}}must be truthy', vars)).toBe('"scheme" property must be truthy');
    expect(renderMessage('#{{print("property")}}must be truthy', { ...vars, property: '' })).toBe('The document must be truthy');
    expect(renderMessage('#{{print("value")}} must match', vars)).toBe('"Digest" must match');
    expect([printValue(undefined), printValue([1]), printValue({}), printValue(7), printValue(null)]).toEqual(['undefined', 'Array[]', 'Object{}', '7', 'null']);
  });

  it('never evaluate text from the document', () => {
    expect(renderMessage('#{{process.exit(1)}} and #{{constructor}}', vars)).toBe(' and ');
  });
});

describe("Spectral's core functions", () => {
  const ctx = { document: { data: {} }, rule: { name: 'r' }, path: [] };

  it('keep their semantics and messages', () => {
    expect(BUILTINS.truthy!('', null, ctx)).toEqual([{ message: '#{{print("property")}}must be truthy' }]);
    expect(BUILTINS.truthy!('x', null, ctx)).toBeUndefined();
    expect(BUILTINS.falsy!(1, null, ctx)).toEqual([{ message: '#{{print("property")}}must be falsy' }]);
    expect(BUILTINS.undefined!(null, null, ctx)).toEqual([{ message: '#{{print("property")}}must be undefined' }]);
    expect(BUILTINS.pattern!('abc', { match: '^a', notMatch: '/C$/i' }, ctx)).toEqual([{ message: '#{{print("value")}} must not match the pattern "/C$/i"' }]);
    expect(BUILTINS.pattern!(42, { match: '^a' }, ctx)).toBeUndefined();
    expect(BUILTINS.enumeration!('c', { values: ['a', 1] }, ctx)).toEqual([{ message: '#{{print("value")}} must be equal to one of the allowed values: "a", 1' }]);
    expect(BUILTINS.enumeration!({}, { values: ['a'] }, ctx)).toBeUndefined();
  });

  it("report options they do not accept in Spectral's words", () => {
    expect(() => BUILTINS.pattern!.validator!({ match: 42 })).toThrow();
    expect(() => BUILTINS.truthy!.validator!({ x: 1 })).toThrow(/"truthy" function does not accept any options/);
    expect(() => BUILTINS.enumeration!.validator!({ values: ['a'] })).not.toThrow();
  });
});
