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
  /** Server tokens (MCP_TOKENS_DB, default tokens.db in the project folder). */
  tokensFile: string;
  /** Call counters: Redis (MCP_REDIS_URL, shared by replicas) or this SQLite file (MCP_QUOTA_DB, default quota.db). */
  redisUrl?: string;
  quotaFile: string;
  /** MCP_QUOTA_FAIL_OPEN_READS=1: read-only tools run while the counters cannot be reached (others fail closed). */
  quotaFailOpenReads: boolean;
  /** Size at which the audit log is rotated (MCP_AUDIT_MAX_BYTES, default 64 MiB). */
  auditMaxBytes: number;
  /** Largest JSON-RPC message accepted (MCP_MAX_MESSAGE_BYTES, default 10 MiB). */
  maxMessageBytes: number;
  callerId: string;
  logLevel: 'error' | 'info' | 'debug';
  /** Toolsets listed at start (MCP_TOOLSETS: names, or `all`; default: server.json's selection). */
  toolsets: string[];
  /** MCP_DYNAMIC_TOOLSETS=1: meta-tools list and enable toolsets at run time. */
  dynamicToolsets: boolean;
  /** Remote mode (`--http` or MCP_TRANSPORT=http); undefined for stdio. */
  http?: HttpSettings;
}

/** Streamable HTTP and its OAuth 2.0 resource-server profile. */
export interface HttpSettings {
  host: string;
  port: number;
  allowedHosts: string[];
  allowedOrigins: string[];
  maxConcurrent: number;
  maxSessions: number;
  sessionIdleMs: number;
  graceMs: number;
  /** OAuth: the authorization server (MCP_OAUTH_ISSUER) and this server's canonical URL (MCP_RESOURCE_URL). */
  oauth?: {
    issuer: string;
    resource: string;
    introspection?: { clientId: string; clientSecret: string };
    /** This server's own client at the issuer, for token exchange (MCP_OAUTH_CLIENT_ID / _SECRET). */
    client?: { clientId: string; clientSecret: string };
    /** What exchanged tokens are for: MCP_UPSTREAM_RESOURCE (default: the API base URL) and MCP_UPSTREAM_AUDIENCE. */
    upstreamResource?: string;
    upstreamAudience?: string;
    /** Least time between two key-set fetches for unknown key ids (MCP_OAUTH_JWKS_COOLDOWN_MS, default 30 s): a rotated key is picked up after it. */
    jwksCooldownMs: number;
  };
  /** MCP_ALLOW_ANONYMOUS=1: no authentication (test and demo only, loopback only). */
  anonymous: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function list(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * HTTP settings, refusing what a security review would: no issuer and no explicit anonymous
 * mode; anonymous on a non-loopback address; an issuer without the resource URL tokens must name.
 */
export function readHttpSettings(env: NodeJS.ProcessEnv, argv: { host?: string; port?: number }, baseUrl = '', hasServerTokens = false): HttpSettings {
  const host = argv.host ?? env.MCP_HOST?.trim() ?? '127.0.0.1';
  const port = argv.port ?? (env.MCP_PORT?.trim() ? Number(env.MCP_PORT) : 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`the port must be an integer from 0 to 65535, not '${env.MCP_PORT ?? port}'`);
  const issuer = env.MCP_OAUTH_ISSUER?.trim();
  const resource = env.MCP_RESOURCE_URL?.trim();
  const anonymous = env.MCP_ALLOW_ANONYMOUS?.trim() === '1';
  let oauth: HttpSettings['oauth'];
  if (issuer) {
    if (!resource) throw new Error('MCP_OAUTH_ISSUER is set but MCP_RESOURCE_URL is not: tokens must name this server as their audience (its canonical URL, e.g. https://mcp.example.com/mcp)');
    if (!/^https?:\/\/[^/]/i.test(issuer) || !/^https?:\/\/[^/]/i.test(resource)) throw new Error('MCP_OAUTH_ISSUER and MCP_RESOURCE_URL must be absolute http(s) URLs');
    const id = env.MCP_OAUTH_INTROSPECTION_CLIENT_ID?.trim();
    const secret = env.MCP_OAUTH_INTROSPECTION_CLIENT_SECRET?.trim();
    const clientId = env.MCP_OAUTH_CLIENT_ID?.trim();
    const clientSecret = env.MCP_OAUTH_CLIENT_SECRET?.trim();
    const upstreamResource = env.MCP_UPSTREAM_RESOURCE?.trim() || baseUrl || undefined;
    const upstreamAudience = env.MCP_UPSTREAM_AUDIENCE?.trim() || undefined;
    oauth = {
      issuer,
      resource,
      ...(id && secret ? { introspection: { clientId: id, clientSecret: secret } } : {}),
      ...(clientId && clientSecret ? { client: { clientId, clientSecret } } : {}),
      ...(upstreamResource ? { upstreamResource } : {}),
      ...(upstreamAudience ? { upstreamAudience } : {}),
      jwksCooldownMs: positive(env, 'MCP_OAUTH_JWKS_COOLDOWN_MS', 30_000),
    };
  } else if (!anonymous && !hasServerTokens) {
    throw new Error(
      'HTTP mode needs an OAuth 2.0 authorization server (set MCP_OAUTH_ISSUER and MCP_RESOURCE_URL; see README, Production) or server tokens (node dist/index.js tokens create --name NAME). For a local test or demo only, MCP_ALLOW_ANONYMOUS=1 serves without authentication on a loopback address.',
    );
  } else if (anonymous && !LOOPBACK.has(host)) {
    throw new Error(`MCP_ALLOW_ANONYMOUS=1 serves without authentication and is refused on '${host}': bind a loopback address (127.0.0.1) or configure MCP_OAUTH_ISSUER`);
  }
  // The resource URL's own host and origin are where clients reach this server.
  const hosts = list(env, 'MCP_ALLOWED_HOSTS');
  const origins = list(env, 'MCP_ALLOWED_ORIGINS');
  if (resource) {
    const u = new URL(resource);
    hosts.push(u.host);
    origins.push(u.origin);
  }
  return {
    host,
    port,
    allowedHosts: hosts,
    allowedOrigins: origins,
    maxConcurrent: positive(env, 'MCP_MAX_CONCURRENT', 32),
    maxSessions: positive(env, 'MCP_MAX_SESSIONS', 1000),
    sessionIdleMs: positive(env, 'MCP_SESSION_IDLE_MS', 30 * 60_000),
    graceMs: positive(env, 'MCP_SHUTDOWN_GRACE_MS', 10_000),
    ...(oauth ? { oauth } : {}),
    anonymous: !oauth && anonymous,
  };
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
  const known = (server.toolsets ?? []).map((t) => t.name);
  const asked = env.MCP_TOOLSETS?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = (asked ?? []).filter((t) => t !== 'all' && !known.includes(t));
  if (unknown.length > 0) throw new Error(`MCP_TOOLSETS names unknown toolsets: ${unknown.join(', ')} (known: ${known.join(', ') || 'none'})`);
  const toolsets = asked === undefined ? (server.defaultToolsets ?? known) : asked.includes('all') ? known : asked;
  return {
    toolsets: known.length === 0 ? ['default'] : toolsets,
    dynamicToolsets: env.MCP_DYNAMIC_TOOLSETS?.trim() === '1',
    baseUrl,
    rateLimitPerMinute: positive(env, 'MCP_RATE_LIMIT_PER_MINUTE', server.defaults.rateLimitPerMinute),
    timeoutMs: positive(env, 'MCP_TIMEOUT_MS', server.defaults.timeoutMs),
    maxResponseBytes: positive(env, 'MCP_MAX_RESPONSE_BYTES', server.defaults.maxResponseBytes),
    pageSize: positive(env, 'MCP_TOOLS_PAGE_SIZE', server.defaults.pageSize),
    auditLog: path.resolve(projectDir, env.MCP_AUDIT_LOG?.trim() || 'audit.jsonl'),
    tokensFile: path.resolve(projectDir, env.MCP_TOKENS_DB?.trim() || 'tokens.db'),
    ...(env.MCP_REDIS_URL?.trim() ? { redisUrl: env.MCP_REDIS_URL.trim() } : {}),
    quotaFile: path.resolve(projectDir, env.MCP_QUOTA_DB?.trim() || 'quota.db'),
    quotaFailOpenReads: env.MCP_QUOTA_FAIL_OPEN_READS?.trim() === '1',
    auditMaxBytes: positive(env, 'MCP_AUDIT_MAX_BYTES', 64 * 1024 * 1024),
    maxMessageBytes: positive(env, 'MCP_MAX_MESSAGE_BYTES', 10 * 1024 * 1024),
    callerId: env.MCP_CALLER_ID?.trim() || 'local',
    logLevel: level === 'debug' || level === 'error' ? level : 'info',
  };
}
