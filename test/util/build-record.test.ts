/**
 * The record a bundle keeps of the files it was built from: unchanged files pass by size and mtime
 * alone or, when only the mtime moved (an npm install, a checkout), by content; any changed byte,
 * size or missing file fails.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filesUnchanged, recordFiles } from '../../src/util/build-record.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-record-'));
  writeFileSync(path.join(dir, 'a.js'), 'export const a = 1;\n');
  writeFileSync(path.join(dir, 'b.js'), 'export const b = 2;\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('build record', () => {
  it('passes unchanged files, also after their mtime moved (as npm install sets it)', () => {
    const record = recordFiles(dir, ['b.js', 'a.js']);
    expect(Object.keys(record)).toEqual(['a.js', 'b.js']);
    expect(filesUnchanged(dir, record)).toBe(true);
    const npmDate = new Date('1985-10-26T08:15:00Z');
    utimesSync(path.join(dir, 'a.js'), npmDate, npmDate);
    expect(filesUnchanged(dir, record)).toBe(true);
  });

  it('fails a file changed in content (same size), in size, or missing, and an empty record', () => {
    const record = recordFiles(dir, ['a.js', 'b.js']);
    writeFileSync(path.join(dir, 'a.js'), 'export const a = 7;\n');
    expect(filesUnchanged(dir, record)).toBe(false);
    writeFileSync(path.join(dir, 'a.js'), 'export const a = 1;\n');
    expect(filesUnchanged(dir, record)).toBe(true);
    writeFileSync(path.join(dir, 'b.js'), 'export const b = 22;\n');
    expect(filesUnchanged(dir, record)).toBe(false);
    rmSync(path.join(dir, 'b.js'));
    expect(filesUnchanged(dir, record)).toBe(false);
    expect(filesUnchanged(dir, {})).toBe(false);
  });
});
