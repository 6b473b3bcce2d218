/** Rule documentation: rulesets/docs/<id>.yaml (why, fix, a failing and a passing example). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { yamlLib } from '../document/yaml.js';
import { DOCS_DIR } from './paths.js';

export interface RuleDoc {
  why: string;
  fix: string;
  bad: string;
  good: string;
}

/** The documentation of a rule, or undefined when it has none (rules of extended Spectral rulesets). */
export function ruleDoc(id: string): RuleDoc | undefined {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) return undefined;
  const file = path.join(DOCS_DIR, `${id}.yaml`);
  if (!existsSync(file)) return undefined;
  return yamlLib().parse(readFileSync(file, 'utf8')) as RuleDoc;
}
