/**
 * Rule documentation, read from the rule's own file rulesets/rules/<set>/<id>.yaml (its definition
 * under `rule:`, then why, fix, a failing and a passing example, and the exact findings of the
 * rule the failing example produces). The checks of validation and loading, implemented in
 * src/validate, are documented the same way in rulesets/rules/validation/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { yamlLib } from '../document/yaml.js';
import { RULES_DIR } from './paths.js';

/** One finding the failing example produces (test/rules/rule-docs.test.ts checks them). */
export interface RuleDocFinding {
  /** JSON pointer (`#/paths/~1pets/get`) in the example as written: the finding's source path. */
  path: string;
  /** 1-based line in the example text. */
  line: number;
  message: string;
}

export interface RuleDoc {
  why: string;
  fix: string;
  bad: string;
  /** The rule's findings on `bad` (linted with the core rules, or with the rule's pack), by line, path and message. */
  findings: RuleDocFinding[];
  good: string;
}

/** The file of rule `id`, or undefined when apictl ships no such rule (rules of extended Spectral rulesets). */
export function ruleFile(id: string): string | undefined {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id) || id === 'ruleset') return undefined;
  for (const set of readdirSync(RULES_DIR)) {
    const file = path.join(RULES_DIR, set, `${id}.yaml`);
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** The documentation of a rule, or undefined when it has none. */
export function ruleDoc(id: string): RuleDoc | undefined {
  const file = ruleFile(id);
  if (file === undefined) return undefined;
  const { why, fix, bad, findings, good } = yamlLib().parse(readFileSync(file, 'utf8')) as RuleDoc;
  return { why, fix, bad, findings, good };
}
