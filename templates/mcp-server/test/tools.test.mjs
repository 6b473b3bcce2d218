// The generated data: every tool is well-formed and its schemas compile.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formats from 'ajv-formats';

import { promptsSchema, serverSchema, toolsSchema } from '../dist/data-types.js';

const addFormats = formats.default ?? formats;
const read = (name) => JSON.parse(readFileSync(new URL(`../${name}`, import.meta.url), 'utf8'));
const toolsFile = read('tools.json');
const { tools } = toolsFile;
const server = read('server.json');

test('tools.json, server.json and prompts.json match the schemas apictl writes them by (src/data-types.ts)', () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true, logger: false });
  const files = [
    ['tools.json', toolsSchema, toolsFile],
    ['server.json', serverSchema, server],
  ];
  if (existsSync(new URL('../prompts.json', import.meta.url))) files.push(['prompts.json', promptsSchema, read('prompts.json')]);
  for (const [name, schema, data] of files) {
    const validate = ajv.compile(schema);
    assert.ok(validate(data), `${name}: ${ajv.errorsText(validate.errors?.slice(0, 5), { dataVar: name })}`);
  }
});

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
