/**
 * Entry point: `node dist/index.js`. Reads the tool data and settings, then serves MCP on stdio.
 * Nothing but protocol is ever written to stdout; logs go to stderr.
 */
import { AuditLog } from './audit.js';
import { Auth } from './auth.js';
import { loadServerData, loadTools, projectDir } from './data.js';
import { createLogger, keepStdoutForProtocol } from './log.js';
import { serveStdio } from './mcp.js';
import { Pipeline } from './pipeline.js';
import { RateLimiter } from './rate-limit.js';
import { Secrets } from './redact.js';
import { loadDotEnv, readSettings } from './settings.js';
import { Validators } from './validate.js';

async function main(): Promise<void> {
  keepStdoutForProtocol();
  loadDotEnv(projectDir);
  const server = loadServerData();
  const tools = loadTools();
  const settings = readSettings(server, projectDir);
  const secrets = new Secrets();
  const log = createLogger(settings.logLevel, secrets, server.name);
  const auth = new Auth(server, process.env, secrets, settings.baseUrl, settings.timeoutMs);
  const audit = new AuditLog(settings.auditLog, settings.auditMaxBytes);
  const pipeline = new Pipeline({ settings, validators: new Validators(), limiter: new RateLimiter(settings.rateLimitPerMinute), auth, audit, secrets, log });
  const writes = tools.filter((t) => t.definition.annotations.readOnlyHint !== true).length;
  await serveStdio({
    info: { name: server.name, version: server.version, title: server.title },
    instructions:
      `Tools for ${server.title} (${tools.length} tools${writes > 0 ? `, ${writes} of which change data` : ', all read-only'}). ` +
      'Each tool calls one API operation; read its description to pick the right one. Errors come back as tool results explaining what to fix.',
    tools,
    pageSize: settings.pageSize,
    call: (tool, args, signal) => pipeline.call(tool, args, signal),
    log,
  }, settings.maxMessageBytes);
  log.info(`serving ${tools.length} tools for ${settings.baseUrl || '(no base URL configured)'}; audit log ${settings.auditLog}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
