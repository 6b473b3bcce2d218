/**
 * Every rule apictl ships is documented and tested by its own documentation: the `bad` example
 * must give exactly the findings of the rule its doc lists under `findings`, the `good` one none,
 * and the `good` one is a valid document. A rule without documentation fails here.
 *
 * The documented findings (issue #23 §3): each is `{path, line, message}` of one finding of the
 * rule on `bad`, ordered by line, then path, then message.
 * - `line` is the 1-based line in the example text (as `apictl rules show ID` prints it);
 * - `path` is the JSON pointer of the finding in the example as written (the finding's
 *   `sourcePath`, the place `line` points at). For a Swagger 2.0 example that is the 2.0 path, not
 *   the path in the converted 3.x document the rules read; for 3.x examples the two are the same.
 * - the example is linted with the rule's own ruleset: the core style guide for core rules and
 *   validation checks, the core style guide plus the rule's pack for a pack's rule (a pack re-tunes
 *   some core rules; their documented findings are those of the core defaults).
 * A rule's finding that moves (another node, another line) or changes its message fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { toPointer } from '../../src/findings/finding.js';
import { type RuleDoc, ruleDoc, ruleFile } from '../../src/lint/docs.js';
import { lintSource, loadRuleset, type LintFinding, type LoadedRuleset, type RuleMeta, type RulesetConfig } from '../../src/lint/index.js';
import { PACKS, RULES_DIR, RULESETS_DIR } from '../../src/lint/paths.js';
import { renderRulesets } from '../../scripts/rulesets.mjs';

interface DocFinding {
  path: string;
  line: number;
  message: string;
}

// duplicate-operation-id is reported by the style rule operation-id-unique while that is on
const NEEDS_UNIQUE_OFF = new Set(['duplicate-operation-id']);

/** Rulesets by key, each loaded once. */
const rulesets = new Map<string, Promise<LoadedRuleset>>();
function ruleset(key: string, config: RulesetConfig): Promise<LoadedRuleset> {
  let rs = rulesets.get(key);
  if (!rs) rulesets.set(key, (rs = loadRuleset(config)));
  return rs;
}
const uniqueOff = (code: string): RulesetConfig['rules'] => (NEEDS_UNIQUE_OFF.has(code) ? { 'operation-id-unique': 'off' } : undefined);
/** The rule's own ruleset: core, or core + its pack. */
function ownRuleset(meta: RuleMeta): Promise<LoadedRuleset> {
  const off = NEEDS_UNIQUE_OFF.has(meta.name);
  return ruleset(`${meta.pack ?? 'core'}${off ? '-unique-off' : ''}`, { packs: meta.pack ? [meta.pack] : [], rules: uniqueOff(meta.name) });
}
/** Core and every pack. */
function allPacks(code?: string): Promise<LoadedRuleset> {
  const off = code !== undefined && NEEDS_UNIQUE_OFF.has(code);
  return ruleset(`all${off ? '-unique-off' : ''}`, { packs: [...PACKS], rules: off ? uniqueOff(code) : undefined });
}

async function lintExample(text: string, rs: LoadedRuleset): Promise<LintFinding[]> {
  return (await lintSource({ bytes: Buffer.from(text), displayPath: 'example.yaml' }, rs)).findings;
}

const byLinePathMessage = (a: DocFinding, b: DocFinding): number => a.line - b.line || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);

/** The findings of rule `code`, in the documented form and order. */
async function findingsOf(text: string, code: string, rs: LoadedRuleset): Promise<DocFinding[]> {
  return (await lintExample(text, rs))
    .filter((f) => f.code === code)
    .map((f) => ({ path: `#${toPointer(f.sourcePath)}`, line: f.range?.start.line ?? 0, message: f.message }))
    .sort(byLinePathMessage);
}

const readDoc = (name: string): RuleDoc => {
  const doc = ruleDoc(name);
  if (doc === undefined) throw new Error(`${name} has no rule file`);
  return doc;
};

describe('rule documentation', async () => {
  const rs = await allPacks();
  // apictl's rules, and the checks of validation and loading (rules too: src/validate/rules.ts)
  const own = [...rs.meta.values()].filter((m) => m.file.startsWith(RULESETS_DIR) || m.category === 'validation');

  it("covers every rule, with why, fix, both examples and the failing one's findings", () => {
    const missing = own.filter((m) => ruleFile(m.name) === undefined).map((m) => m.name);
    expect(missing).toEqual([]);
    for (const m of own) {
      const doc = readDoc(m.name);
      expect(Object.keys(doc).sort(), m.name).toEqual(expect.arrayContaining(['bad', 'findings', 'fix', 'good', 'why']));
      for (const k of ['why', 'fix', 'bad', 'good'] as const) expect(typeof doc[k] === 'string' && doc[k].trim().length > 0, `${m.name}.${k}`).toBe(true);
      expect(Array.isArray(doc.findings) && doc.findings.length > 0, `${m.name}.findings`).toBe(true);
      for (const f of doc.findings) {
        expect(Object.keys(f).sort(), `${m.name}.findings`).toEqual(['line', 'message', 'path']);
        expect(typeof f.path === 'string' && f.path.startsWith('#') && Number.isInteger(f.line) && f.line >= 1 && typeof f.message === 'string', `${m.name}.findings`).toBe(true);
      }
      expect(doc.findings, `${m.name}.findings are ordered by line, path, message`).toEqual([...doc.findings].sort(byLinePathMessage));
      expect(m.description.length, `${m.name} description`).toBeGreaterThan(10);
      expect(m.fix, `${m.name} x-apictl.fix`).toBeTruthy();
    }
  });

  it.each(own.map((m) => [m.name, m] as const))('%s: its bad example gives exactly the documented findings, its good one none', async (_name, meta) => {
    const doc = readDoc(meta.name);
    const mine = await ownRuleset(meta);
    expect(await findingsOf(doc.bad, meta.name, mine)).toEqual(doc.findings);
    expect(await findingsOf(doc.good, meta.name, mine)).toEqual([]);
    // nor with every pack on (packs re-tune some core rules)
    expect(await findingsOf(doc.good, meta.name, await allPacks(meta.name))).toEqual([]);
  });

  // a passing example a reader copies must be a document the specification accepts
  it.each(own.map((m) => m.name))('%s: its good example is a valid document', async (name) => {
    const doc = readDoc(name);
    const invalid = (await lintExample(doc.good, await allPacks())).filter((f) => f.category === 'validation' && f.severity === 'error');
    expect(invalid.map((f) => `${f.range?.start.line}:${f.code}: ${f.message}`)).toEqual([]);
  });
});

describe('rule units (rulesets/rules/<set>/<id>.yaml)', async () => {
  const rs = await allPacks();
  const own = [...rs.meta.values()].filter((m) => m.file.startsWith(RULESETS_DIR) || m.category === 'validation');

  it('the ruleset files apictl and Spectral CLI load are the ones the rule files give (else: npm run rulesets)', () => {
    const rendered = renderRulesets() as Map<string, string>;
    expect([...rendered.keys()].sort()).toEqual(['core/compliance.yaml', 'core/performance.yaml', 'core/security.yaml', 'core/style.yaml', ...PACKS.map((p) => `packs/${p}.yaml`)].sort());
    for (const [rel, text] of rendered) expect(readFileSync(path.join(RULESETS_DIR, rel), 'utf8'), rel).toBe(text);
  });

  it("each rule's file sits in its set's folder: its category for a core rule, its pack for a pack's rule", () => {
    const misplaced = own
      .map((m) => [m.name, path.relative(RULES_DIR, ruleFile(m.name) ?? '')] as const)
      .filter(([name, rel]) => {
        const m = rs.meta.get(name);
        const set = m?.category === 'validation' ? 'validation' : (m?.pack ?? m?.category);
        return rel !== path.join(String(set), `${name}.yaml`);
      });
    expect(misplaced).toEqual([]);
  });

  it('a rule file holds its definition (not for the checks of src/validate) and its documentation, nothing else', () => {
    const ids = new Set(own.map((m) => m.name));
    for (const set of readdirSync(RULES_DIR)) {
      for (const f of readdirSync(path.join(RULES_DIR, set))) {
        if (f === 'ruleset.yaml') continue;
        const id = f.replace(/\.yaml$/, '');
        expect(ids.has(id), `${set}/${f} is a rule apictl runs`).toBe(true);
        const keys = Object.keys(parseYaml(readFileSync(path.join(RULES_DIR, set, f), 'utf8')) as object);
        expect(keys, `${set}/${f}`).toEqual(set === 'validation' ? ['why', 'fix', 'bad', 'findings', 'good'] : ['rule', 'why', 'fix', 'bad', 'findings', 'good']);
      }
    }
  });
});
