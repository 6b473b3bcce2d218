/** Local images for the explorer page: read from disk once, embedded as data: URIs. */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from '../document/load.js';

const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.svg': 'image/svg+xml' };
const MAX_IMAGE = 1024 * 1024;

/**
 * Images the description names (`x-logo`, Markdown images) become data URIs when they are local
 * files beside the entry file (the same folder rule as `$ref`s); anything remote, outside the
 * folder, of another type or over 1 MiB is left out: the page sends no request.
 */
export function localImages(loaded: LoadResult): (ref: string) => string | undefined {
  const entry = loaded.entry.id;
  if (!path.isAbsolute(entry)) return () => undefined;
  const root = path.dirname(entry);
  return (ref) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//')) return undefined;
    const type = IMAGE_TYPES[path.extname(ref.split(/[?#]/)[0]!).toLowerCase()];
    if (!type) return undefined;
    try {
      const file = realpathSync(path.resolve(root, decodeURI(ref.split(/[?#]/)[0]!)));
      const rel = path.relative(realpathSync(root), file);
      if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
      if (statSync(file).size > MAX_IMAGE) return undefined;
      return `data:${type};base64,${readFileSync(file).toString('base64')}`;
    } catch {
      return undefined;
    }
  };
}
