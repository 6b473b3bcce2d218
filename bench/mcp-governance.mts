// What governance costs per tool call in a generated server: charging the limits (global, the
// caller's quotas, per tool) and writing the audit entry, median over N sequential calls.
// Usage: node --import tsx bench/mcp-governance.mts [calls=1000] [redis://…]
// The counters are SQLite (quota.db) unless a Redis URL is given. Runs the template's own modules.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AuditLog } from '../templates/mcp-server/src/audit.js';
import { Limits } from '../templates/mcp-server/src/limits.js';
import type { Caller, Tool } from '../templates/mcp-server/src/model.js';
import { type CounterStore, RedisCounters, SqliteCounters } from '../templates/mcp-server/src/quota.js';

const calls = Number(process.argv[2] ?? 1000);
const redisUrl = process.argv[3];
const dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-bench-gov-'));
const store: CounterStore = redisUrl ? await RedisCounters.connect(redisUrl) : new SqliteCounters(path.join(dir, 'quota.db'));
const limits = new Limits(store, { perCaller: ['1000000/day', '100000/min'], tools: { listPets: ['100000/min'] }, toolsets: {} }, { perMinute: 1_000_000, failOpenReads: false });
const audit = new AuditLog(path.join(dir, 'audit.jsonl'));
const tool = {
  definition: { name: 'listPets', description: '', inputSchema: {}, annotations: { readOnlyHint: true }, _meta: {} },
  request: { method: 'GET', path: '/pets', params: [] },
  output: { structured: true, wrap: false },
  toolset: 'pets',
} as unknown as Tool;
const caller: Caller = { id: 'ci-bot', via: 'token' };

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const charge: number[] = [];
const write: number[] = [];
for (let i = 0; i < calls; i++) {
  let t = performance.now();
  const c = await limits.charge(tool, caller);
  charge.push(performance.now() - t);
  if (!c.ok) throw new Error(c.message);
  t = performance.now();
  audit.write({
    time: new Date().toISOString(),
    caller: caller.id,
    via: caller.via,
    tool: 'listPets',
    toolVersion: 'abc',
    method: 'GET',
    path: '/pets',
    arguments: { limit: 10, tags: ['a', 'b'] },
    outcome: 'ok',
    status: 200,
    durationMs: 12,
    responseBytes: 512,
    quota: c.usage.map((u) => ({ key: u.key, limit: u.limit, used: u.used })),
    resultSha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  });
  write.push(performance.now() - t);
}
const both = charge.map((c, i) => c + write[i]!);
const ms = (x: number): string => `${x.toFixed(3)} ms`;
console.log(`${calls} calls, counters in ${redisUrl ? 'Redis' : 'SQLite'}`);
console.log(`charge limits (4 counters): median ${ms(median(charge))}, p95 ${ms(p95(charge))}`);
console.log(`audit entry:                median ${ms(median(write))}, p95 ${ms(p95(write))}`);
console.log(`both, per call:             median ${ms(median(both))}, p95 ${ms(p95(both))}`);
await limits.close();
rmSync(dir, { recursive: true, force: true });
