/**
 * What `npm install apictl` gets. The Spectral ruleset files are build output (scripts/rulesets.mjs,
 * not in git), so the package must carry them: apictl loads them, and teams extend them from
 * Spectral CLI (`extends: [./node_modules/apictl/rulesets/apictl.yaml]`).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PACKS } from '../../src/lint/paths.js';
import { repoRoot } from '../helpers/corpus.js';

describe('the npm package', () => {
  const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as Array<{
    files: Array<{ path: string }>;
  }>;
  const files = new Set(packed[0]?.files.map((f) => f.path));

  it('carries the generated ruleset files Spectral CLI users extend, the rule files, the functions and the build', () => {
    const generated = ['rulesets/apictl.yaml', ...['style', 'security', 'performance', 'compliance'].map((c) => `rulesets/core/${c}.yaml`), ...PACKS.map((p) => `rulesets/packs/${p}.yaml`)];
    expect(generated.filter((f) => !files.has(f))).toEqual([]);
    expect(files.has('rulesets/rules/style/operation-id-unique.yaml')).toBe(true);
    expect(files.has('rulesets/functions/lib/doc.js')).toBe(true);
    expect(files.has('dist/cli.bundle.cjs')).toBe(true);
    expect(files.has('bin/apictl.js')).toBe(true);
  });

  it('leaves out the sources, tests and benchmarks', () => {
    expect([...files].filter((f) => /^(src|test|bench|scripts)\//.test(f))).toEqual([]);
  });
});
