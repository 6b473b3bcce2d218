import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../src/core/prepare.js';
import { loadDocument } from '../../src/document/load.js';
import { fingerprintFor } from '../../src/lint/fingerprint.js';
import { applyIgnores, textMayHoldIgnores, type IgnoreLocation } from '../../src/lint/ignore.js';
import type { LintFinding } from '../../src/lint/types.js';
import { tempTree } from '../helpers/tmp.js';

const doc = {
  openapi: '3.0.3',
  info: { title: 'x', version: '1', 'x-apictl-ignore': { 'info-contact': 'internal API: no public contact' } },
  paths: {
    '/legacy': {
      'x-apictl-ignore': [{ rule: 'operation-id-required', reason: 'generated clients depend on the names' }],
      get: { responses: {} },
      post: { 'x-apictl-ignore': { 'operation-id-required': '', 'path-param-casing': 'matches the upstream system' }, parameters: [{ in: 'path', name: 'ID' }] },
    },
    '/new': { get: { 'x-apictl-ignore': { 'operation-id-required': '   ' } } },
    '/bad': { get: { 'x-apictl-ignore': 'operation-id-required' }, put: { 'x-apictl-ignore': [{ reason: 'no rule named' }, 'operation-id-required'] } },
  },
};

const finding = (code: string, p: string[]): LintFinding => ({
  code,
  severity: 'warn',
  message: `${code} at ${p.join('/')}`,
  path: p,
  sourcePath: p,
  category: 'style',
  fingerprint: `fp-${code}-${p.join('/')}`,
});

/** A stand-in for the loader: line = path depth, so tests can see locate was used. */
const locate = (p: string[]): IgnoreLocation => ({ source: 'api.yaml', range: { start: { line: p.length, column: 1 }, end: { line: p.length, column: 9 } }, sourcePath: ['as-written', ...p] });

describe('applyIgnores', () => {
  const findings = [
    finding('info-contact', ['info']),
    finding('operation-id-required', ['paths', '/legacy', 'get']),
    finding('operation-id-required', ['paths', '/legacy', 'post']),
    finding('path-param-casing', ['paths', '/legacy', 'post', 'parameters', '0', 'name']),
    finding('operation-id-required', ['paths', '/new', 'get']),
    finding('info-contact', ['paths', '/new']),
    finding('operation-id-required', ['paths', '/legacy', 'get', 'no-such-node', 'deeper']),
    finding('path-param-casing', ['paths', '/legacy', 'get']),
    finding('operation-id-required', []),
  ];
  const r = applyIgnores(findings, doc, locate);
  const codes = (list: LintFinding[]) => list.map((f) => `${f.code} ${f.path.join('/')}`);

  it('suppresses the named rule at the node and below, with the innermost reason', () => {
    expect(r.suppressed.map((s) => [`${s.finding.code} ${s.finding.path.join('/')}`, s.reason])).toEqual([
      ['info-contact info', 'internal API: no public contact'],
      ['operation-id-required paths//legacy/get', 'generated clients depend on the names'],
      // The entry on `post` has no reason, but the one on the path item above still covers it.
      ['operation-id-required paths//legacy/post', 'generated clients depend on the names'],
      ['path-param-casing paths//legacy/post/parameters/0/name', 'matches the upstream system'],
      // A path the document does not have is still below the nodes it does have.
      ['operation-id-required paths//legacy/get/no-such-node/deeper', 'generated clients depend on the names'],
    ]);
  });

  it('keeps findings of other rules, elsewhere, above the ignore, or covered only by an entry without a reason', () => {
    expect(codes(r.kept)).toEqual([
      'operation-id-required paths//new/get', // blank reason: not suppressed
      'info-contact paths//new',
      'path-param-casing paths//legacy/get', // the ignore on the sibling `post` does not reach here
      'operation-id-required ', // the root is above every ignore
    ]);
  });

  it('reports every entry without a reason, and malformed ignores, located through the callback', () => {
    expect(r.problems.map((p) => [p.path.join('/'), p.message])).toEqual([
      [
        'paths//legacy/post/x-apictl-ignore/operation-id-required',
        `ignore of 'operation-id-required' has no reason: write why it is acceptable, e.g. x-apictl-ignore: { operation-id-required: "why" }; until then the rule is not ignored`,
      ],
      [
        'paths//new/get/x-apictl-ignore/operation-id-required',
        `ignore of 'operation-id-required' has no reason: write why it is acceptable, e.g. x-apictl-ignore: { operation-id-required: "why" }; until then the rule is not ignored`,
      ],
      ['paths//bad/get/x-apictl-ignore', 'x-apictl-ignore takes a mapping of rule id → reason (or a list of { rule, reason }): this one ignores nothing'],
      ['paths//bad/put/x-apictl-ignore/0', 'x-apictl-ignore entries are { rule, reason }: this one names no rule and ignores nothing'],
      ['paths//bad/put/x-apictl-ignore/1', 'x-apictl-ignore entries are { rule, reason }: this one names no rule and ignores nothing'],
    ]);
    const p = r.problems[1]!;
    expect(p).toEqual({
      code: 'ignore-without-reason',
      severity: 'warn',
      message: p.message,
      path: ['paths', '/new', 'get', 'x-apictl-ignore', 'operation-id-required'],
      sourcePath: ['as-written', 'paths', '/new', 'get', 'x-apictl-ignore', 'operation-id-required'],
      source: 'api.yaml',
      range: { start: { line: 5, column: 1 }, end: { line: 5, column: 9 } },
      category: 'compliance',
      fingerprint: fingerprintFor('ignore-without-reason', ['paths', '/new', 'get', 'x-apictl-ignore', 'operation-id-required'], doc),
    });
  });

  it('returns the same findings untouched when the document has no ignores', () => {
    const plain = { openapi: '3.0.3', paths: {} };
    const out = applyIgnores(findings, plain, locate);
    expect(out.kept).toBe(findings);
    expect(out.suppressed).toEqual([]);
    expect(out.problems).toEqual([]);
  });

  it('reports an ignore on a shared object once, and survives cycles', () => {
    const shared: Record<string, unknown> = { 'x-apictl-ignore': { 'schema-description': '' } };
    shared.self = shared;
    const out = applyIgnores([], { components: { schemas: { A: shared, B: shared } } }, locate);
    expect(out.problems.map((p) => p.path.join('/'))).toEqual(['components/schemas/A/x-apictl-ignore/schema-description']);
  });

  it('does not treat an inherited property as an ignore', () => {
    const proto = { 'x-apictl-ignore': { 'info-contact': 'from the prototype' } };
    const info = Object.create(proto) as object;
    const out = applyIgnores([finding('info-contact', ['info'])], { info }, locate);
    expect(out.kept).toHaveLength(1);
  });

  it('works on a converted Swagger 2.0 document, reporting problems at the lines of the 2.0 file', async () => {
    const dir = tempTree({
      'v2.yaml': [
        'swagger: "2.0"',
        'info: { title: t, version: "1" }',
        'paths:',
        '  /pets:',
        '    get:',
        '      x-apictl-ignore:',
        '        operation-id-required: ""',
        '        info-contact: not ours',
        '      responses:',
        '        "200": { description: ok }',
        '',
      ].join('\n'),
    });
    const loaded = await loadDocument({ path: path.join(dir, 'v2.yaml') }, { cwd: dir });
    const prepared = await prepareDocument(loaded);
    expect(prepared.converted).toBe(true);
    const out = applyIgnores([finding('info-contact', ['paths', '/pets', 'get', 'responses', '200'])], prepared.document, (p) => {
      const sourcePath = prepared.originOf(p);
      const loc = loaded.locate(sourcePath);
      return { source: loc.file, range: loc.range, sourcePath };
    });
    expect(out.suppressed.map((s) => s.reason)).toEqual(['not ours']);
    expect(out.problems).toHaveLength(1);
    expect(out.problems[0]).toMatchObject({
      source: expect.stringMatching(/v2\.yaml$/),
      range: { start: { line: 7, column: 9 } },
      sourcePath: ['paths', '/pets', 'get', 'x-apictl-ignore', 'operation-id-required'],
    });
  });
});

describe('textMayHoldIgnores (lint skips the walk for ignores when a file cannot hold one)', () => {
  it('is true when the key is written out, in JSON or YAML', () => {
    expect(textMayHoldIgnores('{"info": {"x-apictl-ignore": {}}}')).toBe(true);
    expect(textMayHoldIgnores('info:\n  x-apictl-ignore:\n    info-contact: why\n')).toBe(true);
  });

  it('is true when an escape could spell the key', () => {
    // JSON \u escapes of a key character, YAML \x, \u and \U escapes, YAML's escaped line break
    expect(textMayHoldIgnores('{"x-apictl-\\u0069gnore": {}}')).toBe(true);
    expect(textMayHoldIgnores('"x-apictl-\\x69gnore": {}')).toBe(true);
    expect(textMayHoldIgnores('"\\u0078-apictl-ignore": {}')).toBe(true);
    expect(textMayHoldIgnores('"x-apictl-ign\\U0000006Fre": {}')).toBe(true);
    expect(textMayHoldIgnores('? "x-apictl-\\\n  ignore"\n: {}')).toBe(true);
    expect(textMayHoldIgnores('? "x-apictl-\\\r\n  ignore"\n: {}')).toBe(true);
  });

  it('is false for texts without the key, escapes of other characters included', () => {
    expect(textMayHoldIgnores('{"description": "a \\"quoted\\" \\u2014 dash\\n and \\\\u0069 (an escaped backslash)"}')).toBe(false);
    expect(textMayHoldIgnores('info:\n  description: "tab\\t and \\x41 and x-apictl-ignor"\n')).toBe(false);
    expect(textMayHoldIgnores('')).toBe(false);
  });

  it('lets applyIgnores skip the walk, with the same result as walking for such texts', () => {
    const plain = { openapi: '3.0.3', paths: { '/a': { get: { responses: {} } } } };
    const findings = [finding('operation-id-required', ['paths', '/a', 'get'])];
    expect(applyIgnores(findings, plain, locate, ['openapi: 3.0.3\n'])).toEqual(applyIgnores(findings, plain, locate));
    // a text that can hold one: the document is walked and the ignore applies
    const r = applyIgnores(findings, doc, locate, ['  x-apictl-ignore: …']);
    expect(r.suppressed.length + r.problems.length).toBeGreaterThan(0);
  });

  it('a lint of a file with an ignore spelt through an escape honours it', async () => {
    const dir = tempTree({
      'api.json': JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'x', version: '1' },
        paths: { '/a': { get: { 'x-apictl-PLACEHOLDER': { 'operation-id-required': 'generated client names it' }, responses: { 200: { description: 'ok' } } } } },
      }).replace('x-apictl-PLACEHOLDER', 'x-apictl-\\u0069gnore'),
    });
    const loaded = await loadDocument({ path: path.join(dir, 'api.json') }, { cwd: dir });
    const prepared = await prepareDocument(loaded);
    const f = finding('operation-id-required', ['paths', '/a', 'get']);
    const r = applyIgnores([f], prepared.document, locate, [loaded.entryText]);
    expect(r.suppressed.map((s) => s.reason)).toEqual(['generated client names it']);
  });
});
