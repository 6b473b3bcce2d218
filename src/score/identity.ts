/**
 * The identity a spec's lint runs are recorded under. `apictl lint` and `apictl score` both use
 * these functions, so the same file or registered spec always finds its own history.
 *
 * - A file: `file:` + its path relative to the project root (the nearest ancestor of the working
 *   directory holding `.git` or `.apictl`, the same root the registry lives in), with forward
 *   slashes; symbolic links resolved, so `/var/…` and `/private/var/…` are one file. A file
 *   outside the project keeps its absolute path (`file:/abs/path.yaml`).
 * - A registered spec: `spec:` + its slug.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findProjectRoot } from '../store/paths.js';
import { slugify } from '../store/slug.js';

export const FILE_PREFIX = 'file:';
export const SPEC_PREFIX = 'spec:';

function real(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    // A file that does not exist (any more): resolve its folder if that exists.
    const dir = path.dirname(p);
    if (dir === p) return p;
    return path.join(real(dir), path.basename(p));
  }
}

function forward(p: string): string {
  return p.split(path.sep).join('/');
}

/** The identity of an API description file, as seen from `cwd`. */
export function specIdentityFor(file: string, cwd: string): string {
  const root = real(findProjectRoot(real(path.resolve(cwd))));
  const abs = real(path.resolve(cwd, file));
  const rel = path.relative(root, abs);
  if (rel !== '' && rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel)) return FILE_PREFIX + forward(rel);
  return FILE_PREFIX + forward(abs);
}

/** The identity of a spec in the registry (by name or slug). */
export function registeredSpecIdentity(nameOrSlug: string): string {
  return SPEC_PREFIX + slugify(nameOrSlug);
}

/** True when `s` already is an identity (`file:…` or `spec:…`). */
export function isSpecIdentity(s: string): boolean {
  return (s.startsWith(FILE_PREFIX) && s.length > FILE_PREFIX.length) || (s.startsWith(SPEC_PREFIX) && s.length > SPEC_PREFIX.length);
}
