/**
 * The upstream call: one fetch with a timeout and the caller's cancellation, redirects not
 * followed (the server only talks to the configured base URL), and the body read up to a hard
 * cap so a huge answer cannot exhaust memory.
 */
import { ArgumentError, type DraftRequest } from './request.js';

/** What came back from the API (the body possibly cut at the hard cap). */
export interface UpstreamResponse {
  status: number;
  statusText: string;
  contentType: string;
  bytes: Buffer;
  /** True when the body was longer than the cap, or did not end in time (a stream), and the rest was not read. */
  truncated: boolean;
  /** Why the body was cut: its size, or the time it took (a stream that does not end). */
  cutBy?: 'size' | 'time';
  location?: string;
  /** Retry-After and rate-limit headers, passed on to the agent in error results. */
  limits?: Record<string, string>;
}

/** Headers that tell a client when it may call again. */
const LIMIT_HEADERS = ['retry-after', 'ratelimit', 'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/** The upstream could not be reached, took too long, or the caller cancelled. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network' | 'cancelled',
  ) {
    super(message);
  }
}

/** Sends the request; throws UpstreamError for network failures, timeouts and cancellation. */
export async function callUpstream(url: string, draft: DraftRequest, timeoutMs: number, signal: AbortSignal, hardCap: number): Promise<UpstreamResponse> {
  const headers: Record<string, string> = { ...draft.headers };
  if (draft.cookies.length > 0) headers.cookie = draft.cookies.join('; ');
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = AbortSignal.any([signal, timeout]);
  const why = (err: unknown): UpstreamError => {
    if (signal.aborted) return new UpstreamError('the call was cancelled by the client', 'cancelled');
    if (timeout.aborted) return new UpstreamError(`the API did not answer within ${timeoutMs} ms`, 'timeout');
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return new UpstreamError(`the API could not be reached (${cause?.code ?? cause?.message ?? (err as Error).message})`, 'network');
  };
  // Building the request checks method, headers and body: what fails there is the arguments' fault
  // (or the description's), never the network's.
  let request: Request;
  try {
    request = new Request(url, { method: draft.method, headers, body: draft.body as RequestInit['body'], signal: combined, redirect: 'manual' });
  } catch (err) {
    throw new ArgumentError(`the request cannot be sent as built (${(err as Error).message})`);
  }
  let res: Response;
  try {
    res = await fetch(request);
  } catch (err) {
    throw why(err);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  let cutBy: 'size' | 'time' | undefined;
  try {
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > hardCap) {
          chunks.push(Buffer.from(value.subarray(0, value.byteLength - (total - hardCap))));
          truncated = true;
          cutBy = 'size';
          await reader.cancel();
          break;
        }
        chunks.push(Buffer.from(value));
      }
    }
  } catch (err) {
    // A stream that does not end: what arrived before the timeout is the answer, cut.
    if (timeout.aborted && !signal.aborted && chunks.length > 0) {
      truncated = true;
      cutBy = 'time';
    } else throw why(err);
  }
  return {
    status: res.status,
    statusText: res.statusText,
    contentType: res.headers.get('content-type') ?? '',
    bytes: Buffer.concat(chunks),
    truncated,
    ...(cutBy ? { cutBy } : {}),
    location: res.headers.get('location') ?? undefined,
    ...limitsOf(res.headers),
  };
}

function limitsOf(headers: Headers): { limits?: Record<string, string> } {
  const limits: Record<string, string> = {};
  for (const h of LIMIT_HEADERS) {
    const v = headers.get(h);
    if (v !== null && v.length <= 200) limits[h] = v;
  }
  return Object.keys(limits).length > 0 ? { limits } : {};
}
