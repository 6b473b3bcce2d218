/**
 * Entry point. `node dist/index.js` serves MCP on stdio (nothing but protocol on stdout; logs go
 * to stderr); `node dist/index.js --http [--port N] [--host H]` (or MCP_TRANSPORT=http) serves
 * Streamable HTTP at /mcp. Both run the same tool pipeline; only authentication differs.
 */
import { hostname, userInfo } from 'node:os';
import path from 'node:path';
import { scopesSupported } from './access.js';
import { Catalog } from './catalog.js';
import { AuditLog } from './audit.js';
import { Auth, exchangesAt } from './auth.js';
import { loadPrompts, loadServerData, loadTools, projectDir, readSpecText } from './data.js';
import { runAdmin } from './admin.js';
import { createGate, verifyServerToken } from './gate.js';
import { createLogger, keepStdoutForProtocol } from './log.js';
import { HttpSessions, serveStdio, type ToolHost } from './mcp.js';
import { Pipeline } from './pipeline.js';
import { Limits } from './limits.js';
import { type CounterStore, RedisCounters, SqliteCounters } from './quota.js';
import { Secrets } from './redact.js';
import { serveHttp } from './serve-http.js';
import { loadDotEnv, readHttpSettings, readSettings } from './settings.js';
import { TokenStore } from './tokens.js';
import { readRuntimeConfig, watchRuntimeConfig } from './runtime-config.js';
import { Validators } from './validate.js';

const USAGE = 'usage: node dist/index.js [--http [--port N] [--host H]]';

/** The command line: the transport and where to listen. */
function parseArgs(argv: string[]): { http: boolean; port?: number; host?: string } {
  const out: { http: boolean; port?: number; host?: string } = { http: process.env.MCP_TRANSPORT?.trim().toLowerCase() === 'http' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value (${USAGE})`);
      return v;
    };
    if (a === '--http') out.http = true;
    else if (a === '--stdio') out.http = false;
    else if (a === '--port') out.port = Number(value());
    else if (a === '--host') out.host = value();
    else throw new Error(`unknown option '${a}' (${USAGE})`);
  }
  return out;
}

/** `node dist/index.js tokens …`, `quota …` and `audit …`: the administration command line (output on stdout). */
async function admin(argv: string[]): Promise<number> {
  loadDotEnv(projectDir);
  const server = loadServerData();
  const settings = readSettings(server, projectDir);
  return runAdmin(argv, {
    tokensFile: settings.tokensFile,
    auditFile: settings.auditLog,
    out: (line) => void process.stdout.write(`${line}\n`),
    err: (line) => void process.stderr.write(`${line}\n`),
    actor: `${userInfo().username}@${hostname()}`,
    // what the server charges: the same store, mcp.yaml's quotas over server.json's, the global limit
    counters: async () => (settings.redisUrl ? RedisCounters.connect(settings.redisUrl) : new SqliteCounters(settings.quotaFile)),
    quotas: readRuntimeConfig(path.join(projectDir, 'mcp.yaml'))?.quotas ?? server.quotas,
    perMinute: settings.rateLimitPerMinute,
  });
}

async function main(): Promise<void> {
  keepStdoutForProtocol();
  loadDotEnv(projectDir);
  const args = parseArgs(process.argv.slice(2));
  const server = loadServerData();
  const tools = loadTools();
  const settings = readSettings(server, projectDir);
  // server tokens: over HTTP always (tokens issued while it runs are accepted); on stdio when MCP_TOKEN names one
  const localToken = process.env.MCP_TOKEN?.trim() || undefined;
  const tokens = args.http || localToken ? new TokenStore(settings.tokensFile) : undefined;
  const http = args.http ? readHttpSettings(process.env, args, settings.baseUrl, (tokens?.list().length ?? 0) > 0) : undefined;
  const secrets = new Secrets();
  secrets.add(localToken);
  const log = createLogger(settings.logLevel, secrets, server.name);
  const auth = new Auth(server, process.env, secrets, settings.baseUrl, settings.timeoutMs, Date.now, http?.oauth?.issuer);
  for (const [name, scheme] of Object.entries(server.securitySchemes)) {
    if (http?.oauth && scheme.upstream === 'token-exchange' && !exchangesAt(scheme, http.oauth.issuer)) {
      log.info(
        `scheme ${name}: the API's authorization server (${scheme.authorizationServer}) is not MCP_OAUTH_ISSUER, so its calls use this server's own credentials (set upstreamCredentials in mcp.yaml to exchange anyway)`,
      );
    }
  }
  const audit = new AuditLog(settings.auditLog, settings.auditMaxBytes);
  // counters shared by every replica (Redis), or by the processes of this machine (SQLite)
  const counters: CounterStore = settings.redisUrl ? await RedisCounters.connect(settings.redisUrl) : new SqliteCounters(settings.quotaFile);
  // mcp.yaml in the project: what an operator changes without regenerating (reloaded on change or SIGHUP)
  const configFile = path.join(projectDir, 'mcp.yaml');
  const runtime = readRuntimeConfig(configFile);
  const catalog = new Catalog(tools, runtime);
  const limits = new Limits(counters, runtime?.quotas ?? server.quotas, { perMinute: settings.rateLimitPerMinute, failOpenReads: settings.quotaFailOpenReads });
  const pipeline = new Pipeline({ settings, validators: new Validators(), limits, auth, audit, secrets, log });
  const writes = catalog.tools.filter((t) => t.definition.annotations.readOnlyHint !== true).length;
  const host: ToolHost = {
    info: { name: server.name, version: server.version, title: server.title },
    instructions:
      `Tools for ${server.title} (${catalog.tools.length} tools${writes > 0 ? `, ${writes} of which change data` : ', all read-only'}). ` +
      'Each tool calls one API operation; read its description to pick the right one. Errors come back as tool results explaining what to fix.',
    catalog,
    prompts: loadPrompts(),
    specText: readSpecText,
    pageSize: settings.pageSize,
    toolsets: {
      all: server.toolsets ?? [],
      enabled: process.env.MCP_TOOLSETS === undefined && runtime?.defaultToolsets ? runtime.defaultToolsets : settings.toolsets,
      dynamic: settings.dynamicToolsets,
    },
    ...(!args.http && localToken && tokens ? { localCaller: () => verifyServerToken(tokens, localToken) } : {}),
    rejected: (what) => pipeline.rejected(what),
    call: (tool, toolArgs, signal, ctx) => pipeline.call(tool, toolArgs, signal, ctx),
    log,
  };
  watchRuntimeConfig(configFile, (why) => {
    try {
      const next = readRuntimeConfig(configFile) ?? { tools: {}, toolsets: {} };
      limits.setQuotas(next.quotas ?? server.quotas);
      if (process.env.MCP_TOOLSETS === undefined) host.toolsets.enabled = next.defaultToolsets ?? settings.toolsets;
      const changed = catalog.apply(next);
      log.info(`${why}: mcp.yaml reloaded${changed ? '; the tool list changed, clients are told' : ''}`);
    } catch (err) {
      log.error(`${why}: mcp.yaml refused, the settings in force stay: ${(err as Error).message}`);
    }
  });
  if (!http) {
    // a token that is not valid now stops the start; one revoked later fails on its next call
    if (host.localCaller) log.info(`calls are made as server token '${host.localCaller().id}' (MCP_TOKEN)`);
    await serveStdio(host, settings.maxMessageBytes);
    log.info(`serving ${tools.length} tools for ${settings.baseUrl || '(no base URL configured)'}; audit log ${settings.auditLog}`);
    return;
  }
  const sessions = new HttpSessions(host, { maxSessions: http.maxSessions, idleMs: http.sessionIdleMs });
  const running = await serveHttp(
    {
      host: http.host,
      port: http.port,
      allowedHosts: http.allowedHosts,
      allowedOrigins: http.allowedOrigins,
      maxBodyBytes: settings.maxMessageBytes,
      maxConcurrent: http.maxConcurrent,
      graceMs: http.graceMs,
    },
    {
      sessions,
      gate: createGate(http, { scopes: scopesSupported(tools), name: server.title }, secrets, log, tokens),
      tools: catalog,
      rejected: (what) => pipeline.rejected(what),
      refused: (tool, caller, toolArgs, outcome, error) => pipeline.refused(tool, caller, toolArgs, outcome, error),
      charge: (tool, caller) => limits.charge(tool, caller),
      inflight: () => pipeline.inflight,
      log,
    },
  );
  log.info(
    `serving ${tools.length} tools over HTTP at http://${http.host.includes(':') ? `[${http.host}]` : http.host}:${running.port}/mcp for ${settings.baseUrl || '(no base URL configured)'}; audit log ${settings.auditLog}`,
  );
  // SIGTERM (an orchestrator) or SIGINT: finish the calls in flight, then stop
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: refusing new requests, finishing ${pipeline.inflight} call(s) in flight`);
    void running.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

const argv = process.argv.slice(2);
const run = argv[0] === 'tokens' || argv[0] === 'audit' || argv[0] === 'quota' ? admin(argv).then((code) => process.exit(code)) : main();
run.catch((err: unknown) => {
  process.stderr.write(`cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
