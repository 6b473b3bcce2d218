// The generated data: every tool is well-formed and its schemas compile.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formats from 'ajv-formats';

const addFormats = formats.default ?? formats;
const { tools } = JSON.parse(readFileSync(new URL('../tools.json', import.meta.url), 'utf8'));
const server = JSON.parse(readFileSync(new URL('../server.json', import.meta.url), 'utf8'));

test('tool names are valid, short and unique', () => {
  const seen = new Set();
  for (const t of tools) {
    const name = t.definition.name;
    assert.match(name, /^[A-Za-z0-9_-]{1,64}$/, name);
    assert.ok(!seen.has(name.toLowerCase()), `duplicate ${name}`);
    seen.add(name.toLowerCase());
  }
});

test('every tool has a description and all four annotations', () => {
  for (const t of tools) {
    assert.ok(t.definition.description.length > 0, t.definition.name);
    for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) {
      assert.equal(typeof t.definition.annotations[hint], 'boolean', `${t.definition.name}.${hint}`);
    }
  }
});

test('input and output schemas are objects that compile (JSON Schema 2020-12)', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  for (const t of tools) {
    assert.equal(t.definition.inputSchema.type, 'object', t.definition.name);
    ajv.compile(t.definition.inputSchema);
    if (t.definition.outputSchema) {
      assert.equal(t.definition.outputSchema.type, 'object', t.definition.name);
      ajv.compile(t.definition.outputSchema);
    }
  }
});

test('every security scheme a tool uses is described in server.json', () => {
  for (const t of tools) {
    for (const alt of t.request.security ?? []) for (const { scheme } of alt) assert.ok(server.securitySchemes[scheme], scheme);
  }
});
