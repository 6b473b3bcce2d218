/**
 * Writing a project folder safely: only inside the output folder (no `..`, no writing through
 * symbolic links), never deleting anything, never overwriting a file the user changed since the
 * last generation (the new version goes beside it as `*.apictl-new`), and each file replaced
 * atomically (written aside, then renamed).
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InputError, UsageError } from '../errors.js';
import { type Manifest, parseManifest, sha256 } from './manifest.js';
import type { RenderedFile } from './render.js';

/** Name of the manifest file in a project. */
export const MANIFEST_FILE = 'mcp-manifest.json';

/** What {@link writeProject} did. */
export interface WriteOutcome {
  written: string[];
  unchanged: string[];
  /** Files the user changed (or that were not ours): kept, with the new version written beside them. */
  kept: Array<{ path: string; newPath: string }>;
}

/** The manifest of an existing project folder, if there is one. */
export function readPreviousManifest(dir: string): Manifest | undefined {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  const m = parseManifest(readFileSync(file, 'utf8'));
  if (!m) throw new InputError(`${MANIFEST_FILE} is not an apictl manifest (move it away to regenerate here)`, { file, line: 0, column: 0 });
  return m;
}

/** Refuses to generate into a non-empty folder that is not an apictl project, unless forced. */
export function checkOutputDir(dir: string, previous: Manifest | undefined, force: boolean): void {
  if (!existsSync(dir)) return;
  const st = lstatSync(dir);
  if (!st.isDirectory() && !st.isSymbolicLink()) throw new UsageError(`-o ${dir} exists and is not a folder`);
  if (previous || force) return;
  // what a user prepares before the first generation: the config, the environment, version control
  const entries = readdirSync(dir).filter((e) => e !== '.git' && e !== 'node_modules' && e !== '.env' && e !== 'mcp.yaml');
  if (entries.length > 0) throw new UsageError(`-o ${dir} is not empty and holds no ${MANIFEST_FILE}: choose an empty folder (or pass --force to add the project to it; existing files are kept)`);
}

/** Refuses any path that leaves `root` or passes through a symbolic link inside it. */
function safeTarget(root: string, rel: string): string {
  if (path.isAbsolute(rel) || rel.split(/[\\/]/).includes('..')) throw new Error(`refusing to write ${rel}: outside the output folder`);
  const target = path.resolve(root, rel);
  const relative = path.relative(root, target);
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`refusing to write ${rel}: outside the output folder`);
  let cur = root;
  for (const seg of relative.split(path.sep)) {
    cur = path.join(cur, seg);
    if (existsSync(cur) && lstatSync(cur).isSymbolicLink()) {
      throw new InputError(`refusing to write through a symbolic link (${path.relative(root, cur)}) in the output folder`, { file: cur, line: 0, column: 0 });
    }
  }
  return target;
}

function writeAtomic(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.apictl-tmp-${process.pid}`;
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}

/**
 * Writes the files and then the manifest (with the hashes of what was written). `protect` lists
 * paths (relative to `dir`) that are the user's (config, overlay) and are never written.
 */
export function writeProject(dir: string, files: RenderedFile[], manifest: Manifest, previous: Manifest | undefined, protect: Set<string>): WriteOutcome {
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true });
  const outcome: WriteOutcome = { written: [], unchanged: [], kept: [] };
  const hashes: Record<string, string> = {};
  const todo = files.filter((f) => !protect.has(f.path) && f.path !== '.env');
  // Every target is checked before the first write, so a refusal leaves the folder untouched.
  const targets = new Map(todo.map((f) => [f.path, safeTarget(root, f.path)]));
  safeTarget(root, MANIFEST_FILE);
  for (const f of todo) {
    const target = targets.get(f.path)!;
    const newHash = sha256(f.content);
    hashes[f.path] = newHash;
    if (existsSync(target)) {
      const current = sha256(readFileSync(target));
      if (current === newHash) {
        outcome.unchanged.push(f.path);
        continue;
      }
      const recorded = previous?.files[f.path];
      // CHANGELOG.md is rewritten from its current text, so local additions survive anyway.
      if (recorded !== current && f.path !== 'CHANGELOG.md') {
        const newPath = `${f.path}.apictl-new`;
        writeAtomic(safeTarget(root, newPath), f.content);
        outcome.kept.push({ path: f.path, newPath });
        // Keep the old record (or none, for a file that was never ours), so the next run still sees the file as the user's.
        if (recorded !== undefined) hashes[f.path] = recorded;
        else delete hashes[f.path];
        continue;
      }
    }
    writeAtomic(target, f.content);
    outcome.written.push(f.path);
  }
  manifest.files = hashes;
  writeAtomic(safeTarget(root, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
  outcome.written.push(MANIFEST_FILE);
  return outcome;
}
