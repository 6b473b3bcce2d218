/**
 * The speed machinery's one seam: APICTL_PLAIN=1 switches every speed-up off at once (no bundle,
 * no code cache, no lane, no precompiled validators, no ruleset snapshot, no YAML line reader),
 * and the findings are the same.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { speedup, type Speedup } from '../../src/util/speed.js';
import { apictl } from '../helpers/cli.js';
import { corpusDir, hasCorpus, repoRoot } from '../helpers/corpus.js';

const ALL: Speedup[] = ['bundle', 'code-cache', 'lane', 'precompiled', 'snapshot', 'yaml-lines'];

describe('the speed seam', () => {
  it('answers each speed-up from its own switch, and APICTL_PLAIN for all of them', () => {
    expect(ALL.every((s) => speedup(s, {}))).toBe(true);
    expect(ALL.some((s) => speedup(s, { APICTL_PLAIN: '1' }))).toBe(false);
    expect(speedup('lane', { APICTL_NO_LANE: '1' })).toBe(false);
    expect(speedup('bundle', { APICTL_NO_LANE: '1' })).toBe(true);
    expect(speedup('bundle', { APICTL_PLAIN: '0' })).toBe(true);
  });

  it.skipIf(!hasCorpus)(
    'APICTL_PLAIN=1 loads no bundle, cache or lane, and lints the same',
    () => {
      const tmp = mkdtempSync(path.join(os.tmpdir(), 'apictl-plain-'));
      try {
        const file = path.join(corpusDir, 'huge', 'kubernetes-swagger.json');
        const run = (env: NodeJS.ProcessEnv) => {
          const trace = path.join(tmp, `trace-${Object.keys(env).join('-') || 'default'}.txt`);
          const r = apictl(['lint', file, '-f', 'json', '--no-record', '--no-config'], {
            env: { ...env, APICTL_CACHE_DIR: path.join(tmp, 'cache'), APICTL_TRACE_FILE: trace, NODE_OPTIONS: `--import ${pathToFileURL(path.join(repoRoot, 'test/helpers/trace-imports.mjs')).href}` },
            timeoutMs: 120_000,
          });
          return { out: r.stdout, loaded: readFileSync(trace, 'utf8') };
        };
        const fast = run({});
        const plain = run({ APICTL_PLAIN: '1' });
        expect(JSON.parse(plain.out).length).toBeGreaterThan(1000);
        expect(plain.out).toBe(fast.out);
        expect(fast.loaded).toMatch(/\.bundle\.cjs/);
        expect(plain.loaded).not.toMatch(/\.bundle\.cjs|lane-entry|rulesets\.snapshot|precompiled/);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
