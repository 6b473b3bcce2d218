// The data files an MCP server project is generated with (tools.json, server.json, prompts.json)
// are described once, by the JSON Schemas in schemas/mcp/. This script writes the TypeScript both
// sides use from them — the generator (src/mcp/data-types.ts) and the generated project's runtime
// (templates/mcp-server/src/data-types.ts, copied into every project) — as the same file: the
// types, and the schemas themselves, which the generated project's tests check the files against.
// test/mcp/data-schemas.test.ts fails when a written copy differs from what this gives.
//
//   node scripts/mcp-data-types.mjs           rewrite both copies
//   node scripts/mcp-data-types.mjs --check   exit 1 when a copy is out of date
//
// Only the part of JSON Schema the schemas use is translated: type, enum, properties, required,
// additionalProperties, items, $ref to $defs, description; `pattern` constrains the value only.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMA_DIR = path.join(repo, 'schemas', 'mcp');
/** The data files, their schema and the name of the exported schema constant. */
export const DATA_FILES = [
  { file: 'tools.json', schema: 'tools.schema.json', constant: 'toolsSchema' },
  { file: 'server.json', schema: 'server.schema.json', constant: 'serverSchema' },
  { file: 'prompts.json', schema: 'prompts.schema.json', constant: 'promptsSchema' },
];
export const TARGETS = [path.join(repo, 'src', 'mcp', 'data-types.ts'), path.join(repo, 'templates', 'mcp-server', 'src', 'data-types.ts')];

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** A literal in single quotes (the sources' style) when it needs no escaping. */
const literal = (v) => (typeof v === 'string' && /^[^'\\\n]*$/.test(v) ? `'${v}'` : JSON.stringify(v));
const KNOWN = new Set(['$schema', 'title', 'description', 'type', 'enum', 'properties', 'required', 'additionalProperties', 'items', '$ref', '$defs', 'pattern']);

function doc(description, indent) {
  if (typeof description !== 'string') return '';
  return `${indent}/** ${description.replace(/\*\//g, '*\\/')} */\n`;
}

/** The TypeScript type of a schema (inline). */
function typeOf(schema, where, indent) {
  if (schema === true || (typeof schema === 'object' && Object.keys(schema).every((k) => k === 'description'))) return 'unknown';
  if (typeof schema !== 'object' || schema === null) throw new Error(`${where}: unsupported schema ${JSON.stringify(schema)}`);
  for (const k of Object.keys(schema)) if (!KNOWN.has(k)) throw new Error(`${where}: keyword '${k}' is not translated to TypeScript`);
  if (typeof schema.$ref === 'string') {
    const m = /^#\/\$defs\/([A-Za-z0-9_]+)$/.exec(schema.$ref);
    if (!m) throw new Error(`${where}: only #/$defs/ references are supported`);
    return m[1];
  }
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const item = typeOf(schema.items ?? true, `${where}/items`, indent);
      return /^[A-Za-z0-9_]+(\[\])*$/.test(item) ? `${item}[]` : `Array<${item}>`;
    }
    case 'object':
      return objectType(schema, where, indent);
    default:
      throw new Error(`${where}: unsupported type ${JSON.stringify(schema.type)}`);
  }
}

/** An object schema as a type literal. Extra properties (additionalProperties not false) become an index signature. */
function objectType(schema, where, indent) {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  for (const r of required) if (!(r in props) && Object.keys(props).length > 0) throw new Error(`${where}: required '${r}' has no property schema`);
  const extra = schema.additionalProperties;
  if (Object.keys(props).length === 0) {
    if (extra === false) return 'Record<string, never>';
    return `Record<string, ${extra === undefined || extra === true ? 'unknown' : typeOf(extra, `${where}/additionalProperties`, indent)}>`;
  }
  const inner = `${indent}  `;
  let out = '{\n';
  for (const [name, sub] of Object.entries(props)) {
    out += doc(sub.description, inner);
    out += `${inner}${IDENT.test(name) ? name : literal(name)}${required.has(name) ? '' : '?'}: ${typeOf(sub, `${where}/properties/${name}`, inner)};\n`;
  }
  if (extra !== false) out += `${inner}[key: string]: ${extra === undefined || extra === true ? 'unknown' : typeOf(extra, `${where}/additionalProperties`, inner)};\n`;
  return `${out}${indent}}`;
}

function declaration(name, schema, where) {
  const t = typeOf(schema, where, '');
  const head = doc(schema.description, '');
  return t.startsWith('{\n') ? `${head}export interface ${name} ${t}\n` : `${head}export type ${name} = ${t};\n`;
}

/** The text of data-types.ts. */
export function render() {
  let types = '';
  let constants = '';
  const names = new Set();
  for (const { file, schema: schemaFile, constant } of DATA_FILES) {
    const schema = JSON.parse(readFileSync(path.join(SCHEMA_DIR, schemaFile), 'utf8'));
    const decls = [[schema.title, schema, `${schemaFile}#`], ...Object.entries(schema.$defs ?? {}).map(([n, s]) => [n, s, `${schemaFile}#/$defs/${n}`])];
    types += `// ${file} (schemas/mcp/${schemaFile})\n\n`;
    for (const [name, s, where] of decls) {
      if (typeof name !== 'string' || !IDENT.test(name)) throw new Error(`${where}: needs a title that is a type name`);
      if (names.has(name)) throw new Error(`${where}: type ${name} is declared twice`);
      names.add(name);
      types += `${declaration(name, s, where)}\n`;
    }
    constants += `/** The JSON Schema of \`${file}\` (schemas/mcp/${schemaFile}). */\nexport const ${constant}: Record<string, unknown> = ${JSON.stringify(schema, null, 2)};\n\n`;
  }
  return (
    '// Generated by apictl (scripts/mcp-data-types.mjs) from the JSON Schemas in schemas/mcp/ — do not edit.\n' +
    '// The contract between `apictl mcp generate`, which writes these data files, and the generated\n' +
    '// server, which reads them (its test/tools.test.mjs checks the files against the schemas below).\n\n' +
    types +
    constants.trimEnd() +
    '\n'
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = render();
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const target of TARGETS) {
    let current;
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === text) continue;
    if (check) {
      console.error(`mcp-data-types: ${path.relative(repo, target)} is out of date: run node scripts/mcp-data-types.mjs`);
      stale++;
    } else {
      writeFileSync(target, text);
      console.log(`mcp-data-types: wrote ${path.relative(repo, target)}`);
    }
  }
  if (stale > 0) process.exit(1);
}
