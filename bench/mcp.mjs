// MCP generation and start-up on the two huge anchors (run on demand, not in tests).
// Usage: node bench/mcp.mjs [runs]   (needs ../shared/corpus and a built dist/)
//
// For each spec: `apictl mcp generate SPEC -o DIR` with the default selection (wall and CPU,
// median of the runs), then the generated server, built once with tsc: time from spawning
// `node dist/index.js` to the answers of `initialize` and of the first `tools/list` page.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt, measure, median, corpusOrExit, repoRoot as root } from './util.mjs';

const corpus = corpusOrExit();
const runs = Number(process.argv[2] ?? 3);
const specs = ['huge/stripe-spec3.yaml', 'huge/kubernetes-swagger.json'];
const apictl = path.join(root, 'bin', 'apictl.js');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'apictl-bench-mcp-'));

/** Spawns the server and times initialize and the first tools/list page (ms since spawn). */
function startTimes(projectDir) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
    const child = spawn(process.execPath, [path.join(projectDir, 'dist', 'index.js')], {
      env: { PATH: process.env.PATH, API_BASE_URL: 'http://127.0.0.1:9', MCP_AUDIT_LOG: path.join(tmp, 'audit.jsonl'), MCP_LOG_LEVEL: 'error' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const out = {};
    let buf = '';
    const send = (m) => child.stdin.write(JSON.stringify(m) + '\n');
    child.stdout.on('data', (d) => {
      buf += d.toString();
      let nl;
      while ((nl = buf.indexOf('\n')) !== -1) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        const msg = JSON.parse(line);
        if (msg.id === 1) {
          out.initialize = ms();
          send({ jsonrpc: '2.0', method: 'notifications/initialized' });
          send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
        } else if (msg.id === 2) {
          out.toolsList = ms();
          out.pageTools = msg.result.tools.length;
          out.pageBytes = Buffer.byteLength(line);
          out.hasNext = Boolean(msg.result.nextCursor);
          child.kill();
          resolve(out);
        }
      }
    });
    child.on('error', reject);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  });
}

console.log(`mcp generate: median of ${runs} runs; server start: median of 5 starts\n`);
console.log('| spec | operations → tools | generate wall s | generate CPU s | tools.json | initialize ms | first tools/list page ms | page |');
console.log('|---|---|---:|---:|---:|---:|---:|---|');
for (const spec of specs) {
  const input = path.join(corpus, spec);
  const out = path.join(tmp, path.basename(spec).replace(/\W+/g, '-'));
  const gens = [];
  for (let i = 0; i < runs; i++) {
    rmSync(out, { recursive: true, force: true });
    const m = measure(process.execPath, [apictl, 'mcp', 'generate', input, '-o', out, '--db', path.join(tmp, 'bench.db'), '--json']);
    if (m.status !== 0) throw new Error(`generate failed for ${spec}: ${m.stderr.slice(0, 500)}`);
    gens.push(m);
  }
  const report = JSON.parse(spawnSync(process.execPath, [apictl, 'mcp', 'generate', input, '--dry-run', '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout);
  symlinkSync(path.join(root, 'node_modules'), path.join(out, 'node_modules'), 'dir');
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: out, encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`tsc failed: ${tsc.stdout}`);
  const starts = [];
  for (let i = 0; i < 5; i++) starts.push(await startTimes(out));
  const size = readFileSync(path.join(out, 'tools.json')).length;
  const s0 = starts[0];
  console.log(
    `| ${spec} | ${report.operations.length} → ${report.tools} (≈ ${report.estimatedTokens.toLocaleString('en-US')} tokens) | ${fmt(median(gens.map((g) => g.wall)))} | ${fmt(median(gens.map((g) => g.cpu)))} | ${(size / 1048576).toFixed(1)} MiB | ${fmt(median(starts.map((s) => s.initialize)), 0)} | ${fmt(median(starts.map((s) => s.toolsList)), 0)} | ${s0.pageTools} tools, ${(s0.pageBytes / 1024).toFixed(0)} KiB${s0.hasNext ? ', nextCursor' : ''} |`,
  );
}
rmSync(tmp, { recursive: true, force: true });
