// Regenerates the README's screenshots of `apictl explore` (needs `npm run build` and Chromium):
//   node docs/images/screenshot.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'apictl-shot-'));
const page = path.join(tmp, 'petstore.html');
execFileSync(process.execPath, [path.join(root, 'bin/apictl.js'), 'explore', 'examples/petstore-swagger2.yaml', '-o', page, '--no-config'], { cwd: root, stdio: 'inherit' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const p = await browser.newPage({ viewport: { width: 1400, height: 820 } });
  await p.goto(pathToFileURL(page).href);
  await p.click('#toggle-drawer');
  await p.selectOption('select[data-filter=rule]', 'no-ref-siblings');
  await p.click('#finding-list li');
  await p.selectOption('select[data-filter=rule]', '');
  await p.screenshot({ path: path.join(root, 'docs/images/explore.png') });
} finally {
  await browser.close();
  rmSync(tmp, { recursive: true, force: true });
}
