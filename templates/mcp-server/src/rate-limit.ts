/**
 * One global limit on tool calls per minute (a token bucket: bursts up to the limit, refilled
 * continuously), checked before anything reaches the upstream API.
 */
export class RateLimiter {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = perMinute;
    this.last = now();
  }

  /** Takes one call from the budget; when none is left, says how long until one is. */
  take(): { ok: true } | { ok: false; retryAfterMs: number } {
    const t = this.now();
    this.tokens = Math.min(this.perMinute, this.tokens + ((t - this.last) * this.perMinute) / 60_000);
    this.last = t;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterMs: Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute) };
  }
}
