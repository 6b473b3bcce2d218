/** Minimal globbing for CLI file arguments: `**`, `*`, `?`, `[...]` and `{a,b}`, forward-slash paths. */
import { type Dirent, readdirSync } from 'node:fs';
import path from 'node:path';

export function hasGlob(p: string): boolean {
  return /[*?[{]/.test(p);
}

const globCache = new Map<string, RegExp>();

/** True when a forward-slash relative path matches the glob (`**`, `*`, `?`, `{a,b}`). */
export function matchGlob(glob: string, relPath: string): boolean {
  let re = globCache.get(glob);
  if (!re) {
    re = new RegExp(`^${globSource(glob.replace(/^\.\//, ''))}$`);
    globCache.set(glob, re);
  }
  return re.test(relPath.replace(/\\/g, '/').replace(/^\.\//, ''));
}

function globSource(glob: string): string {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      const atStart = i === 0 || glob[i - 1] === '/';
      const slashAfter = glob[i + 2] === '/';
      if (atStart && slashAfter) {
        re += '(?:[^/]*/)*'; // `**/`: zero or more folders
        i += 2;
      } else if (atStart && i + 2 === glob.length) {
        re += '.*'; // trailing `**`: everything below
        i += 1;
      } else {
        re += '[^/]*'; // `a**b` is just a star
        i += 1;
      }
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const end = closingBrace(glob, i);
      if (end < 0) re += '\\{';
      else {
        re += `(?:${splitAlternatives(glob.slice(i + 1, end))
          .map(globSource)
          .join('|')})`;
        i = end;
      }
    } else re += c.replace(/[.+^$()|[\]\\{}]/g, '\\$&');
  }
  return re;
}

/** Index of the `}` closing the `{` at `open`, nesting considered; -1 when unclosed. */
function closingBrace(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Splits `a,{b,c},d` at top-level commas. */
function splitAlternatives(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}') depth--;
    else if (s[i] === ',' && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

/** A RegExp matching whole forward-slash relative paths. */
export function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${globSource(glob.replace(/^\.\//, ''))}$`);
}

const SKIP = new Set(['node_modules', '.git']);

/** Expands one CLI argument: a glob walks from its static prefix (skipping node_modules and .git); anything else is returned as is. */
export function expandGlob(pattern: string, cwd: string): string[] {
  if (!hasGlob(pattern)) return [pattern];
  const norm = pattern.replace(/\\/g, '/');
  const parts = norm.split('/');
  const staticParts: string[] = [];
  for (const p of parts) {
    if (hasGlob(p)) break;
    staticParts.push(p);
  }
  const base = staticParts.join('/') || '.';
  const rest = parts.slice(staticParts.length).join('/');
  const re = globToRegExp(rest);
  const out: string[] = [];
  const walk = (dirRel: string, depth: number): void => {
    if (depth > 64) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(path.resolve(cwd, base, dirRel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (SKIP.has(e.name)) continue;
      const rel = dirRel ? `${dirRel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel, depth + 1);
      else if (e.isFile() && re.test(rel)) out.push(base === '.' && !norm.startsWith('./') ? rel : `${base}/${rel}`);
    }
  };
  walk('', 0);
  return out.sort();
}
