/**
 * Run-time settings from the environment (and an optional `.env` file in the project folder).
 * Defaults come from `server.json`; every variable is listed in README.md and `.env.example`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import type { ServerData } from './model.js';

/** The effective run-time settings. */
export interface Settings {
  baseUrl: string;
  rateLimitPerMinute: number;
  timeoutMs: number;
  maxResponseBytes: number;
  pageSize: number;
  auditLog: string;
  /** Size at which the audit log is rotated (MCP_AUDIT_MAX_BYTES, default 64 MiB). */
  auditMaxBytes: number;
  /** Largest JSON-RPC message accepted (MCP_MAX_MESSAGE_BYTES, default 10 MiB). */
  maxMessageBytes: number;
  callerId: string;
  logLevel: 'error' | 'info' | 'debug';
}

/**
 * Loads `<project>/.env` into `env` without overriding variables already set (the MCP client's
 * configuration wins). Parsed with node's own parser: nothing is printed, unlike some loaders.
 */
export function loadDotEnv(projectDir: string, env: NodeJS.ProcessEnv = process.env): void {
  const file = path.join(projectDir, '.env');
  if (!existsSync(file)) return;
  const values = parseEnv(readFileSync(file, 'utf8'));
  for (const [k, v] of Object.entries(values)) if (env[k] === undefined && v !== undefined) env[k] = v;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not '${raw}'`);
  return Math.floor(n);
}

/** Settings from `env`, with `server.json` defaults. Throws on malformed values. */
export function readSettings(server: ServerData, projectDir: string, env: NodeJS.ProcessEnv = process.env): Settings {
  let baseUrl = (env[server.baseUrlEnv]?.trim() || server.baseUrl).replace(/\/+$/, '');
  if (baseUrl !== '' && !/^https?:\/\/[^/]/i.test(baseUrl)) throw new Error(`${server.baseUrlEnv} must be an absolute http(s) URL, not '${baseUrl}'`);
  // The description's base path (a 2.0 basePath without host) belongs to every request: an origin given alone gets it.
  if (baseUrl !== '' && server.basePath && new URL(baseUrl).pathname.replace(/\/+$/, '') === '') baseUrl += server.basePath;
  const level = env.MCP_LOG_LEVEL?.trim().toLowerCase();
  return {
    baseUrl,
    rateLimitPerMinute: positive(env, 'MCP_RATE_LIMIT_PER_MINUTE', server.defaults.rateLimitPerMinute),
    timeoutMs: positive(env, 'MCP_TIMEOUT_MS', server.defaults.timeoutMs),
    maxResponseBytes: positive(env, 'MCP_MAX_RESPONSE_BYTES', server.defaults.maxResponseBytes),
    pageSize: positive(env, 'MCP_TOOLS_PAGE_SIZE', server.defaults.pageSize),
    auditLog: path.resolve(projectDir, env.MCP_AUDIT_LOG?.trim() || 'audit.jsonl'),
    auditMaxBytes: positive(env, 'MCP_AUDIT_MAX_BYTES', 64 * 1024 * 1024),
    maxMessageBytes: positive(env, 'MCP_MAX_MESSAGE_BYTES', 10 * 1024 * 1024),
    callerId: env.MCP_CALLER_ID?.trim() || 'local',
    logLevel: level === 'debug' || level === 'error' ? level : 'info',
  };
}
