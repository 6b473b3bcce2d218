// Runs every benchmark in turn: node bench/run.js
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
for (const b of ['load.mjs', 'convert.mjs', 'lint.mjs', 'score-history.mjs', 'mcp.mjs']) {
  if (!existsSync(path.join(here, b))) continue;
  const r = spawnSync(process.execPath, [path.join(here, b)], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  console.log();
}
