/** Opening the registry from CLI flags and environment. */
import type { Registry } from '../store/index.js';

export async function openCliRegistry(flags: { db?: string }): Promise<Registry> {
  const { openRegistry, resolveDbPath } = await import('../store/index.js');
  return openRegistry(resolveDbPath({ cwd: process.cwd(), explicit: flags.db, env: process.env }));
}
