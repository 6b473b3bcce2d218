/**
 * Rule documentation: rulesets/docs/<id>.yaml (why, fix, a failing and a passing example, and the
 * exact findings of the rule the failing example produces).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { yamlLib } from '../document/yaml.js';
import { DOCS_DIR } from './paths.js';

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

/** The documentation of a rule, or undefined when it has none (rules of extended Spectral rulesets). */
export function ruleDoc(id: string): RuleDoc | undefined {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) return undefined;
  const file = path.join(DOCS_DIR, `${id}.yaml`);
  if (!existsSync(file)) return undefined;
  return yamlLib().parse(readFileSync(file, 'utf8')) as RuleDoc;
}
