import { readFileSync } from 'node:fs';

/** The installed apictl version, read from package.json (kept apart so commands need not import main). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
