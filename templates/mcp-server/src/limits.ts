/**
 * Which counters a call is charged to, and what a refusal says. Every call takes one unit from
 * the server's global limit (MCP_RATE_LIMIT_PER_MINUTE) and from its caller's quotas — a server
 * token's own, or the defaults of server.json for everyone else — overall, per tool and per
 * toolset; all at once or none (quota.ts), before anything reaches the API.
 */
import { toolsetOf } from './access.js';
import type { Caller, ServerData, Tool } from './model.js';
import { type Bucket, type CounterStore, type Limit, parseLimit, QuotaUnavailable, type TakeResult, type Usage } from './quota.js';

/** The outcome of charging one call. */
export type Charge = { ok: true; usage: Usage[] } | { ok: false; outcome: 'rate_limited' | 'quota_unavailable'; message: string; retryAfterMs?: number; limit?: string; resetAt?: number };

export interface LimitSettings {
  perMinute: number;
  /** Let read-only tools through while the counter store cannot be reached (MCP_QUOTA_FAIL_OPEN_READS=1). */
  failOpenReads: boolean;
}

export class Limits {
  private readonly global: Limit;
  private perCaller: Limit[] = [];
  private tools = new Map<string, Limit[]>();
  private toolsets = new Map<string, Limit[]>();

  constructor(
    private readonly store: CounterStore,
    quotas: ServerData['quotas'],
    private readonly settings: LimitSettings,
  ) {
    this.global = parseLimit(`${settings.perMinute}/min`);
    this.setQuotas(quotas);
  }

  /** The default quotas (at start, and when mcp.yaml is reloaded). */
  setQuotas(quotas: ServerData['quotas']): void {
    this.perCaller = (quotas?.perCaller ?? []).map(parseLimit);
    this.tools = new Map(Object.entries(quotas?.tools ?? {}).map(([name, l]) => [name, l.map(parseLimit)]));
    this.toolsets = new Map(Object.entries(quotas?.toolsets ?? {}).map(([name, l]) => [name, l.map(parseLimit)]));
  }

  /** The counters of one call: global, then the caller's overall, per-tool and per-toolset quotas. */
  buckets(tool: Tool, caller: Caller): Bucket[] {
    const who = `${caller.via}:${caller.id}`;
    const own = caller.quota?.map(parseLimit) ?? this.perCaller;
    return [
      { key: 'global', limit: this.global },
      ...own.map((limit) => ({ key: who, limit })),
      ...(this.tools.get(tool.definition.name) ?? []).map((limit) => ({ key: `${who}|tool:${tool.definition.name}`, limit })),
      ...(this.toolsets.get(toolsetOf(tool)) ?? []).map((limit) => ({ key: `${who}|toolset:${toolsetOf(tool)}`, limit })),
    ];
  }

  async charge(tool: Tool, caller: Caller): Promise<Charge> {
    let taken: TakeResult;
    try {
      taken = await this.store.take(this.buckets(tool, caller));
    } catch (err) {
      if (!(err instanceof QuotaUnavailable)) throw err;
      // fail closed: an unknown count is not a count under the limit; reads may pass if the operator said so
      if (this.settings.failOpenReads && tool.definition.annotations.readOnlyHint === true) return { ok: true, usage: [] };
      return {
        ok: false,
        outcome: 'quota_unavailable',
        message: `The call limits cannot be checked right now (${err.message}), so ${tool.definition.name} was not called. Retry shortly.`,
        retryAfterMs: 5_000,
      };
    }
    if (taken.ok) return { ok: true, usage: taken.usage };
    const wait = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
    const whose =
      taken.key === 'global'
        ? 'for this server'
        : taken.key.includes('|tool:')
          ? `for ${tool.definition.name} and this caller`
          : taken.key.includes('|toolset:')
            ? `for toolset ${toolsetOf(tool)} and this caller`
            : 'for this caller';
    const what = taken.key === 'global' ? `Rate limit reached (${this.global.count} calls per minute ${whose})` : `Quota reached (${taken.limit} ${whose})`;
    return {
      ok: false,
      outcome: 'rate_limited',
      message: `${what}. It resets at ${new Date(taken.resetAt).toISOString()}; retry in ${wait} s.`,
      retryAfterMs: taken.retryAfterMs,
      limit: taken.limit,
      resetAt: taken.resetAt,
    };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** HTTP headers for a refused call (draft IETF RateLimit fields, and Retry-After). */
export function rateLimitHeaders(c: Extract<Charge, { ok: false }>): Record<string, string> {
  const retry = String(Math.max(1, Math.ceil((c.retryAfterMs ?? 1000) / 1000)));
  if (c.limit === undefined) return { 'retry-after': retry };
  const [count, unit] = c.limit.split('/');
  const window = { second: 1, min: 60, hour: 3600, day: 86400 }[unit as 'second' | 'min' | 'hour' | 'day'] ?? 60;
  return { 'retry-after': retry, 'ratelimit-policy': `"quota";q=${count};w=${window}`, ratelimit: `"quota";r=0;t=${retry}` };
}
