/**
 * What a build step was built from, and whether those files are still the same: the CLI bundle
 * records the dist modules it bundled, the lint engine bundle the rule function files. The check
 * runs on every start, so it is cheap when nothing changed: a file with the recorded size and mtime
 * is taken as unchanged without reading it; only a file whose mtime moved (npm sets every file of
 * an installed package to the same old date; a checkout or a `touch` moves it too) is read and its
 * sha256 compared. A changed file means the bundle is stale and the plain files are used.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Relative path (forward slashes) → [size, mtimeMs, sha256]. */
export type FileRecord = Record<string, [number, number, string]>;

export function recordFiles(baseDir: string, relPaths: Iterable<string>): FileRecord {
  const out: FileRecord = {};
  for (const rel of [...relPaths].sort()) {
    const file = path.join(baseDir, rel);
    const st = statSync(file);
    out[rel] = [st.size, st.mtimeMs, createHash('sha256').update(readFileSync(file)).digest('hex')];
  }
  return out;
}

/** True when the record lists at least one file and every one still has its recorded content. */
export function filesUnchanged(baseDir: string, record: FileRecord): boolean {
  const entries = Object.entries(record);
  if (entries.length === 0) return false;
  try {
    for (const [rel, [size, mtimeMs, sha256]] of entries) {
      const file = path.join(baseDir, rel);
      const st = statSync(file);
      if (st.size !== size) return false;
      if (st.mtimeMs === mtimeMs) continue;
      if (createHash('sha256').update(readFileSync(file)).digest('hex') !== sha256) return false;
    }
    return true;
  } catch {
    return false;
  }
}
