import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProjectRoot, resolveDbPath } from '../../src/store/index.js';
import { makeTempDir } from './helpers.js';

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  tmp = makeTempDir();
});
afterEach(() => tmp.cleanup());

function mkdirs(...parts: string[]): string {
  const dir = path.join(tmp.dir, ...parts);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

describe('findProjectRoot', () => {
  it('finds the nearest ancestor with a .git folder', () => {
    mkdirs('repo', '.git');
    const deep = mkdirs('repo', 'a', 'b');
    expect(findProjectRoot(deep)).toBe(path.join(tmp.dir, 'repo'));
  });

  it('accepts a .git file (worktrees, submodules)', () => {
    mkdirs('wt');
    fs.writeFileSync(path.join(tmp.dir, 'wt', '.git'), 'gitdir: /elsewhere\n');
    expect(findProjectRoot(mkdirs('wt', 'src'))).toBe(path.join(tmp.dir, 'wt'));
  });

  it('finds the nearest ancestor with .apictl, and the nearest marker wins', () => {
    mkdirs('repo', '.git');
    mkdirs('repo', 'pkg', '.apictl');
    expect(findProjectRoot(mkdirs('repo', 'pkg', 'src'))).toBe(path.join(tmp.dir, 'repo', 'pkg'));
    expect(findProjectRoot(mkdirs('repo', 'other'))).toBe(path.join(tmp.dir, 'repo'));
  });

  it('falls back to cwd when no marker exists up to the filesystem root', () => {
    // The temp dir lives under os.tmpdir(), which is not inside a repository on CI or dev machines;
    // guard anyway so the test says what it assumes.
    const cwd = mkdirs('plain', 'dir');
    let hasMarkerAbove = false;
    for (let d = cwd; path.dirname(d) !== d; d = path.dirname(d)) {
      if (fs.existsSync(path.join(d, '.git')) || fs.existsSync(path.join(d, '.apictl'))) hasMarkerAbove = true;
    }
    expect(hasMarkerAbove).toBe(false);
    expect(findProjectRoot(cwd)).toBe(cwd);
  });
});

describe('resolveDbPath', () => {
  it('defaults to <root>/.apictl/apictl.db', () => {
    mkdirs('repo', '.git');
    const cwd = mkdirs('repo', 'sub');
    expect(resolveDbPath({ cwd })).toBe(path.join(tmp.dir, 'repo', '.apictl', 'apictl.db'));
    expect(resolveDbPath({ cwd, env: {} })).toBe(path.join(tmp.dir, 'repo', '.apictl', 'apictl.db'));
  });

  it('uses cwd as root when there is no marker', () => {
    const cwd = mkdirs('nowhere');
    expect(resolveDbPath({ cwd })).toBe(path.join(cwd, '.apictl', 'apictl.db'));
  });

  it('prefers APICTL_DB over discovery, resolved against cwd', () => {
    mkdirs('repo', '.git');
    const cwd = mkdirs('repo', 'sub');
    expect(resolveDbPath({ cwd, env: { APICTL_DB: '/abs/reg.db' } })).toBe(path.resolve('/abs/reg.db'));
    expect(resolveDbPath({ cwd, env: { APICTL_DB: 'rel/reg.db' } })).toBe(path.join(cwd, 'rel', 'reg.db'));
  });

  it('prefers an explicit path over APICTL_DB', () => {
    const cwd = mkdirs('x');
    expect(resolveDbPath({ cwd, explicit: 'mine.db', env: { APICTL_DB: '/abs/env.db' } })).toBe(path.join(cwd, 'mine.db'));
  });

  it('ignores empty values', () => {
    const cwd = mkdirs('y');
    const fallback = path.join(cwd, '.apictl', 'apictl.db');
    expect(resolveDbPath({ cwd, explicit: '', env: { APICTL_DB: '  ' } })).toBe(fallback);
    expect(resolveDbPath({ cwd, explicit: '', env: { APICTL_DB: 'e.db' } })).toBe(path.join(cwd, 'e.db'));
  });
});
