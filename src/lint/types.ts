/** The lint finding: the shared finding model plus what CI formats need. */
import type { Finding } from '../findings/finding.js';
import type { Category } from './ruleset.js';

export interface LintFinding extends Finding {
  category: Category | 'validation' | 'internal';
  /** Where to read about the rule (`apictl rules show ID`, or a URL for extended rulesets). */
  docs?: string;
  /** Path in the document as written (2.0 path for converted input). */
  sourcePath: string[];
  /** Stable across line moves and 2.0 → 3.x migration (rule + anchor). */
  fingerprint: string;
  /** True when a baseline already knows this finding. */
  known?: boolean;
}
