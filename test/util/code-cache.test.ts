/**
 * requireWithCodeCache: a CommonJS file compiled through V8's code cache gives the module the
 * plain `require` gives, writes its cache entry when the process exits, reads it in the next one,
 * and survives a changed module, a broken entry, an unwritable folder and the off switch.
 * Each case runs in a fresh process (the cache is written on exit), against the built module.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeCacheDir } from '../../src/util/code-cache.js';
import { repoRoot } from '../helpers/corpus.js';

const built = pathToFileURL(path.join(repoRoot, 'dist', 'util', 'code-cache.js')).href;
let dir: string;
let cacheDir: string;
let moduleFile: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-cc-test-'));
  cacheDir = path.join(dir, 'cache');
  moduleFile = path.join(dir, 'lib', 'answer.cjs');
  mkdirSync(path.dirname(moduleFile));
  writeFileSync(path.join(dir, 'lib', 'helper.cjs'), 'exports.twice = (n) => n * 2;\n');
  writeFileSync(moduleFile, "const { twice } = require('./helper.cjs');\nexports.answer = () => twice(21);\nexports.file = __filename;\n");
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Loads moduleFile in a fresh process; returns what it saw. */
function load(env: Record<string, string> = {}): { answer: number; file: string; sameInstance: boolean } {
  const script = `
    const { requireWithCodeCache } = await import(${JSON.stringify(built)});
    const { createRequire } = await import('node:module');
    const m = requireWithCodeCache(${JSON.stringify(moduleFile)});
    const again = createRequire(${JSON.stringify(moduleFile)})(${JSON.stringify(moduleFile)});
    process.stdout.write(JSON.stringify({ answer: m.answer(), file: m.file, sameInstance: m === again }));`;
  const { APICTL_NO_CODE_CACHE: _off, ...base } = process.env;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...base, APICTL_CACHE_DIR: cacheDir, ...env } });
  return JSON.parse(out) as { answer: number; file: string; sameInstance: boolean };
}

const entries = (): string[] =>
  existsSync(cacheDir)
    ? readdirSync(cacheDir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.bin'))
    : [];

describe('requireWithCodeCache', () => {
  it('loads the module as require does and writes one cache entry, which the next process uses', () => {
    expect(load()).toEqual({ answer: 42, file: moduleFile, sameInstance: true });
    const written = entries();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^v8-[^/\\]+[/\\]answer\.cjs-[0-9a-f]{20}\.bin$/);
    const bytes = readFileSync(path.join(cacheDir, written[0]!));
    expect(bytes.length).toBeGreaterThan(0);
    // the second process accepts the entry: nothing is rewritten
    expect(load()).toEqual({ answer: 42, file: moduleFile, sameInstance: true });
    expect(entries()).toEqual(written);
    expect(readFileSync(path.join(cacheDir, written[0]!))).toEqual(bytes);
  });

  it('never runs stale code: a changed module gets an entry of its own', () => {
    load();
    writeFileSync(moduleFile, 'exports.answer = () => 43;\nexports.file = __filename;\n');
    expect(load().answer).toBe(43);
    expect(entries()).toHaveLength(2);
  });

  it('reads a module that is not ASCII as UTF-8 (ASCII ones as Latin-1, the same text)', () => {
    writeFileSync(moduleFile, "exports.answer = () => 'Café ☕ 📚'.length;\nexports.file = __filename;\n");
    expect(load().answer).toBe('Café ☕ 📚'.length);
    expect(load().answer).toBe('Café ☕ 📚'.length); // through the cache entry
  });

  it('keeps the three newest entries of a module (rebuilds do not pile up)', () => {
    for (let i = 1; i <= 5; i++) {
      writeFileSync(moduleFile, `exports.answer = () => ${i};\nexports.file = __filename;\n`);
      expect(load().answer).toBe(i);
    }
    expect(entries()).toHaveLength(3);
    // the newest is among them: loading it again writes nothing
    const before = entries();
    load();
    expect(entries()).toEqual(before);
  });

  it('ignores and rewrites a broken entry', () => {
    load();
    const [entry] = entries();
    writeFileSync(path.join(cacheDir, entry!), Buffer.from('not a V8 code cache'));
    expect(load().answer).toBe(42);
    expect(readFileSync(path.join(cacheDir, entry!)).toString()).not.toBe('not a V8 code cache');
  });

  it('works without writing anything when switched off or when the folder cannot be written', () => {
    expect(load({ APICTL_NO_CODE_CACHE: '1' }).answer).toBe(42);
    expect(existsSync(cacheDir)).toBe(false);
    // a cache "folder" that is a file cannot hold entries, whoever runs the test (root included)
    writeFileSync(cacheDir, 'not a folder');
    expect(load().answer).toBe(42);
    expect(readFileSync(cacheDir, 'utf8')).toBe('not a folder');
  });

  it('keeps its entries in a per-user folder', () => {
    expect(codeCacheDir({ APICTL_CACHE_DIR: 'rel/dir' })).toBe(path.resolve('rel/dir'));
    if (process.platform === 'linux') {
      expect(codeCacheDir({ XDG_CACHE_HOME: '/home/u/.cache' })).toBe('/home/u/.cache/apictl');
      expect(codeCacheDir({})).toBe(path.join(os.homedir(), '.cache', 'apictl'));
      expect(codeCacheDir({ XDG_CACHE_HOME: 'relative' })).toBe(path.join(os.homedir(), '.cache', 'apictl'));
    }
  });
});
