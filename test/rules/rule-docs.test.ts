/**
 * Every rule apictl ships is documented and tested by its own documentation: the `bad` example
 * must make the rule fire and the `good` one must not, and the `good` one is a valid document. A
 * rule without documentation fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { lintSource, loadRuleset, type LoadedRuleset } from '../../src/lint/index.js';
import { DOCS_DIR, PACKS, RULESETS_DIR } from '../../src/lint/paths.js';

interface RuleDoc {
  why: string;
  fix: string;
  bad: string;
  good: string;
  /** Options the examples need (a pack's settings are applied with the pack itself). */
  packs?: string[];
}

let ruleset: LoadedRuleset;
// duplicate-operation-id is reported by the style rule operation-id-unique while that is on
let withoutUniqueIds: LoadedRuleset;
beforeAll(async () => {
  ruleset = await loadRuleset({ packs: [...PACKS] });
  withoutUniqueIds = await loadRuleset({ packs: [...PACKS], rules: { 'operation-id-unique': 'off' } });
});

async function lintExample(text: string, code?: string) {
  const rs = code === 'duplicate-operation-id' ? withoutUniqueIds : ruleset;
  return (await lintSource({ bytes: Buffer.from(text), displayPath: 'example.yaml' }, rs)).findings;
}

async function firing(text: string, code: string): Promise<string[]> {
  return (await lintExample(text, code)).filter((f) => f.code === code).map((f) => `${f.range?.start.line}:${f.message}`);
}

describe('rule documentation', async () => {
  const rs = await loadRuleset({ packs: [...PACKS] });
  // apictl's rules, and the checks of validation and loading (rules too: src/validate/rules.ts)
  const own = [...rs.meta.values()].filter((m) => m.file.startsWith(RULESETS_DIR) || m.category === 'validation');

  it('covers every rule, with why, fix and both examples', () => {
    const missing = own.filter((m) => !existsSync(path.join(DOCS_DIR, `${m.name}.yaml`))).map((m) => m.name);
    expect(missing).toEqual([]);
    for (const m of own) {
      const doc = parseYaml(readFileSync(path.join(DOCS_DIR, `${m.name}.yaml`), 'utf8')) as RuleDoc;
      expect(Object.keys(doc).sort(), m.name).toEqual(expect.arrayContaining(['bad', 'fix', 'good', 'why']));
      for (const k of ['why', 'fix', 'bad', 'good'] as const) expect(typeof doc[k] === 'string' && doc[k].trim().length > 0, `${m.name}.${k}`).toBe(true);
      expect(m.description.length, `${m.name} description`).toBeGreaterThan(10);
      expect(m.fix, `${m.name} x-apictl.fix`).toBeTruthy();
    }
  });

  it.each(own.map((m) => m.name))('%s: fires on its bad example and not on its good one', async (name) => {
    const doc = parseYaml(readFileSync(path.join(DOCS_DIR, `${name}.yaml`), 'utf8')) as RuleDoc;
    expect(await firing(doc.bad, name)).not.toEqual([]);
    expect(await firing(doc.good, name)).toEqual([]);
  });

  // a passing example a reader copies must be a document the specification accepts
  it.each(own.map((m) => m.name))('%s: its good example is a valid document', async (name) => {
    const doc = parseYaml(readFileSync(path.join(DOCS_DIR, `${name}.yaml`), 'utf8')) as RuleDoc;
    const invalid = (await lintExample(doc.good)).filter((f) => f.category === 'validation' && f.severity === 'error');
    expect(invalid.map((f) => `${f.range?.start.line}:${f.code}: ${f.message}`)).toEqual([]);
  });
});
