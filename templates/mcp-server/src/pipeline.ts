/**
 * One tool call, as one pipeline with one place per step:
 *
 *   validate arguments → limits and quotas → build the request (+ credentials) → call upstream
 *   → map the response → write the audit entry → return
 *
 * Every exit — success, API error, invalid arguments, rate limit, missing credential, network
 * failure, timeout, cancellation — goes through `finish`, which writes the audit entry first.
 */
import { createHash } from 'node:crypto';
import type { AuditLog } from './audit.js';
import { type Auth, CredentialError } from './auth.js';
import { callUpstream, UpstreamError, type UpstreamResponse } from './http.js';
import type { Logger } from './log.js';
import { type Caller, type Exchange, type Tool, toolVersion } from './model.js';
import type { Limits } from './limits.js';
import type { Usage } from './quota.js';
import { redactValue, type Secrets } from './redact.js';
import { ArgumentError, buildRequest, type DraftRequest, finalUrl } from './request.js';
import { mapResponse, type ToolResult } from './response.js';
import type { Settings } from './settings.js';
import type { Validators } from './validate.js';

/** The pipeline's collaborators, one per step. */
export interface PipelineDeps {
  settings: Settings;
  validators: Validators;
  limits: Limits;
  auth: Auth;
  audit: AuditLog;
  secrets: Secrets;
  log: Logger;
}

/** Who calls, and what the transport already did for the call. */
export interface CallContext {
  /** The token's identity over HTTP; on stdio the configured caller (MCP_CALLER_ID) or MCP_TOKEN's. */
  caller?: Caller;
  /** Trades the caller's OAuth token for one for the API (HTTP with OAuth). */
  exchange?: Exchange;
  /** The HTTP layer charged the limits already (to answer a refusal with RateLimit headers); their state. */
  charged?: Usage[];
}

/** The counters after a call, as the audit records them. */
function quotaState(usage: Usage[]): Array<{ limit: string; used: number; key: string }> {
  return usage.map((u) => ({ key: u.key, limit: u.limit, used: u.used }));
}

/** The caller's identity as the audit records it: subject, client, and how it was established. */
function who(caller: Caller): { caller: string; client?: string; via: Caller['via'] } {
  return { caller: caller.id, ...(caller.clientId !== undefined ? { client: caller.clientId } : {}), via: caller.via };
}

/** SHA-256 of what the agent received (its text), so an entry can be matched with a result later. */
function resultHash(result: ToolResult): string {
  const text = (result.content ?? []).map((c) => ('text' in c && typeof c.text === 'string' ? c.text : JSON.stringify(c))).join('\n');
  return createHash('sha256').update(text).digest('hex');
}

function errorResult(message: string): ToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** Runs tool calls through the steps, auditing every outcome. */
export class Pipeline {
  private running = 0;
  constructor(private readonly d: PipelineDeps) {}

  /** Calls in progress (a graceful shutdown waits for them). */
  get inflight(): number {
    return this.running;
  }

  async call(tool: Tool, rawArgs: Record<string, unknown> | undefined, signal: AbortSignal, ctx: CallContext = {}): Promise<ToolResult> {
    this.running++;
    try {
      return await this.run(tool, rawArgs, signal, { ...ctx, caller: ctx.caller ?? { id: this.d.settings.callerId, via: 'environment' } });
    } finally {
      this.running--;
    }
  }

  /** Records an HTTP request refused for its token (missing, invalid, expired, for another audience …): nothing reached the API. */
  rejected(what: { outcome: string; reason: string; tools: string[]; request: string }): void {
    this.d.audit.write({
      time: new Date().toISOString(),
      caller: '(unauthenticated)',
      via: 'oauth',
      tool: what.tools.join(','),
      toolVersion: '',
      request: what.request,
      arguments: null,
      outcome: what.outcome,
      durationMs: 0,
      responseBytes: 0,
      error: this.d.secrets.scrub(what.reason),
    });
  }

  /** Records a call the HTTP layer refused before it ran (the token lacks the tool's scopes; a limit is reached): nothing reached the API. */
  refused(tool: Tool, caller: Caller, args: unknown, outcome: string, error: string): void {
    this.d.audit.write({
      time: new Date().toISOString(),
      ...who(caller),
      tool: tool.definition.name,
      toolVersion: toolVersion(tool),
      method: tool.request.method,
      path: tool.request.path,
      arguments: redactValue(args, this.d.secrets),
      outcome,
      durationMs: 0,
      responseBytes: 0,
      error: this.d.secrets.scrub(error),
    });
  }

  private async run(tool: Tool, rawArgs: Record<string, unknown> | undefined, signal: AbortSignal, ctx: CallContext & { caller: Caller }): Promise<ToolResult> {
    const started = performance.now();
    const args = rawArgs ?? {};
    const { settings, secrets } = this.d;
    const label = `${tool.request.method} ${tool.request.path}`;
    let quota: Usage[] | undefined = ctx.charged;
    const finish = (result: ToolResult, outcome: string, extra: { status?: number; responseBytes?: number; error?: string } = {}): ToolResult => {
      try {
        this.d.audit.write({
          time: new Date().toISOString(),
          ...who(ctx.caller),
          tool: tool.definition.name,
          toolVersion: toolVersion(tool),
          method: tool.request.method,
          path: tool.request.path,
          arguments: redactValue(args, secrets),
          outcome,
          ...(extra.status !== undefined ? { status: extra.status } : {}),
          durationMs: Math.round(performance.now() - started),
          responseBytes: extra.responseBytes ?? 0,
          ...(extra.error !== undefined ? { error: secrets.scrub(extra.error) } : {}),
          ...(quota && quota.length > 0 ? { quota: quotaState(quota) } : {}),
          ...(result.isError !== true ? { resultSha256: resultHash(result) } : {}),
        });
      } catch (err) {
        this.d.log.error(`audit log ${settings.auditLog} cannot be written: ${(err as Error).message}`);
        return errorResult(
          `The call to ${tool.definition.name} could not be recorded in the audit log, so its result is withheld. Ask the operator to fix the audit log (${(err as NodeJS.ErrnoException).code ?? 'write error'}).`,
        );
      }
      this.d.log.debug(`${tool.definition.name} ${outcome}${extra.status !== undefined ? ' ' + extra.status : ''}`);
      return result;
    };

    try {
      return await this.steps(tool, args, signal, label, finish, ctx, (u) => (quota = u));
    } catch (err) {
      // A bug in this server, not in the call: say so, record it, keep serving.
      this.d.log.error(`internal error in ${tool.definition.name}: ${(err as Error).stack ?? String(err)}`);
      return finish(errorResult(`${tool.definition.name} failed because of an internal error in the MCP server (see its log).`), 'internal_error', { error: (err as Error).message });
    }
  }

  private async steps(
    tool: Tool,
    args: Record<string, unknown>,
    signal: AbortSignal,
    label: string,
    finish: (result: ToolResult, outcome: string, extra?: { status?: number; responseBytes?: number; error?: string }) => ToolResult,
    ctx: CallContext & { caller: Caller },
    charged: (usage: Usage[]) => void,
  ): Promise<ToolResult> {
    const { settings, secrets } = this.d;
    // 1. Arguments against the input schema.
    const valid = this.d.validators.check(tool.definition.inputSchema, args);
    if (!valid.ok) {
      return finish(errorResult(`Invalid arguments for ${tool.definition.name}: ${valid.message}. Fix them and call again.`), 'invalid_arguments', { error: valid.message });
    }

    // 2. The global limit and the caller's quotas, before anything reaches the API (unless the HTTP layer charged them).
    if (!ctx.charged) {
      const charge = await this.d.limits.charge(tool, ctx.caller);
      if (!charge.ok) return finish(errorResult(charge.message), charge.outcome, { error: charge.message });
      charged(charge.usage);
    }

    // 3. The request, exactly as the description says, with credentials.
    let url: string;
    let draft: DraftRequest;
    try {
      draft = buildRequest(tool.request, args, settings.baseUrl);
      await this.d.auth.apply(tool.request, draft, signal, ctx.exchange);
      url = finalUrl(draft, settings.baseUrl);
    } catch (err) {
      if (err instanceof ArgumentError) return finish(errorResult(`Invalid arguments for ${tool.definition.name}: ${err.message}.`), 'invalid_arguments', { error: err.message });
      if (err instanceof CredentialError) return finish(errorResult(`${tool.definition.name} cannot be called: ${err.message}.`), 'missing_credentials', { error: err.message });
      throw err;
    }

    // The call is not made if it could not be recorded afterwards.
    try {
      this.d.audit.ensureWritable();
    } catch (err) {
      this.d.log.error(`audit log ${settings.auditLog} is not writable: ${(err as Error).message}`);
      return errorResult(`${tool.definition.name} was not called: the audit log cannot be written. Ask the operator to fix it.`);
    }

    // 4. Upstream, with a timeout and the caller's cancellation.
    const hardCap = Math.max(settings.maxResponseBytes * 16, 4 * 1024 * 1024);
    let res: UpstreamResponse;
    try {
      res = await callUpstream(url, draft, settings.timeoutMs, signal, hardCap);
    } catch (err) {
      if (err instanceof UpstreamError) {
        return finish(errorResult(`${label} failed: ${err.message}.`), err.kind, { error: err.message });
      }
      if (err instanceof ArgumentError) return finish(errorResult(`Invalid arguments for ${tool.definition.name}: ${err.message}.`), 'invalid_arguments', { error: err.message });
      throw err;
    }

    // 5. The response, mapped for the agent.
    const mapped = mapResponse(tool, res, label, settings.maxResponseBytes, this.d.validators, secrets);
    return finish(mapped.result, mapped.outcome, { status: res.status, responseBytes: res.bytes.length });
  }
}
