/**
 * From the upstream response to the tool result.
 *
 * - 2xx with JSON: `structuredContent` (wrapped as `{ result }` when the tool says so) plus the
 *   same JSON as text. A body over the size budget is cut — the largest lists first, keeping their
 *   first items — and a notice says what was left out and how to get the rest.
 * - A 2xx body that does not match the declared output schema still reaches the agent, as text,
 *   flagged with `isError` (clients reject structured content that breaks the schema, so this is
 *   the one way to deliver it) and a message saying exactly what did not match.
 * - Non-2xx: `isError` with the status and the RFC 9457 problem fields when present.
 */
import type { Tool } from './model.js';
import type { UpstreamResponse } from './http.js';
import type { Secrets } from './redact.js';
import type { Validators } from './validate.js';

/** A content block of a tool result. */
export type Content = { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };

/** A `tools/call` result. */
export interface ToolResult {
  [key: string]: unknown;
  content: Content[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A mapped response and its audit outcome. */
export interface Mapped {
  result: ToolResult;
  /** Audit outcome. */
  outcome: 'ok' | 'api_error' | 'schema_mismatch' | 'redirect';
}

const PROBLEM_FIELDS = ['type', 'title', 'status', 'detail', 'instance'];
const PREVIEW_CHARS = 2000;

function isJsonType(ct: string): boolean {
  const base = ct.split(';')[0]!.trim().toLowerCase();
  return base === 'application/json' || base === 'text/json' || base.endsWith('+json');
}

function isTextType(ct: string): boolean {
  const base = ct.split(';')[0]!.trim().toLowerCase();
  return (
    base === '' ||
    base.startsWith('text/') ||
    isJsonType(base) ||
    base.endsWith('+xml') ||
    base === 'application/xml' ||
    base === 'application/javascript' ||
    base === 'application/x-www-form-urlencoded'
  );
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1048576).toFixed(1)} MiB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${n} bytes`;
}

function text(t: string): Content {
  return { type: 'text', text: t };
}

function tryJson(s: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(s) };
  } catch {
    return { ok: false };
  }
}

/** `data`, `items[].tags`, or "the response" for the root. */
function pathLabel(path: Array<string | number>): string {
  if (path.length === 0) return 'the response';
  return '`' + path.map((p, i) => (typeof p === 'number' ? '[]' : i === 0 ? p : `.${p}`)).join('') + '`';
}

/**
 * Cuts a JSON value down to `maxBytes` of JSON text: halves the largest list (keeping its first
 * items) until it fits, then shortens the longest strings. Returns what was cut, in words.
 */
export function shrinkJson(value: unknown, maxBytes: number): { value: unknown; cuts: string[] } {
  if (Buffer.byteLength(JSON.stringify(value)) <= maxBytes) return { value, cuts: [] };
  let v = structuredClone(value);
  const lists = new Map<string, { original: number; kept: number }>();
  const texts = new Set<string>();
  for (let round = 0; round < 200 && Buffer.byteLength(JSON.stringify(v)) > maxBytes; round++) {
    let best: { path: Array<string | number>; size: number; kind: 'array' | 'string' } | undefined;
    const visit = (node: unknown, path: Array<string | number>): number => {
      if (Array.isArray(node)) {
        let size = 2;
        node.forEach((x, i) => (size += visit(x, [...path, i]) + 1));
        if (node.length > 1 && (!best || best.kind === 'string' || size > best.size)) best = { path, size, kind: 'array' };
        return size;
      }
      if (node !== null && typeof node === 'object') {
        let size = 2;
        for (const [k, x] of Object.entries(node)) size += k.length + 4 + visit(x, [...path, k]);
        return size;
      }
      const size = JSON.stringify(node ?? null).length;
      if (typeof node === 'string' && node.length > 200 && (!best || (best.kind === 'string' && size > best.size))) best = { path, size, kind: 'string' };
      return size;
    };
    visit(v, []);
    if (!best) break;
    const target: { path: Array<string | number>; kind: 'array' | 'string' } = best;
    const parent = target.path.slice(0, -1).reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], v);
    const key = target.path[target.path.length - 1];
    const current = key === undefined ? v : (parent as Record<string | number, unknown>)[key];
    const label = pathLabel(target.path);
    let next: unknown;
    if (target.kind === 'array') {
      const arr = current as unknown[];
      next = arr.slice(0, Math.max(1, Math.floor(arr.length / 2)));
      const seen = lists.get(label);
      lists.set(label, { original: seen?.original ?? arr.length, kept: (next as unknown[]).length });
    } else {
      const str = current as string;
      next = str.slice(0, Math.floor(str.length / 2)) + '…';
      texts.add(label);
    }
    if (key === undefined) v = next;
    else (parent as Record<string | number, unknown>)[key] = next;
  }
  const cuts = [...[...lists].map(([label, n]) => `${label} had ${n.original} items; the first ${n.kept} are shown`), ...[...texts].map((label) => `long text in ${label} was shortened`)];
  return { value: v, cuts };
}

function problemText(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  const present = PROBLEM_FIELDS.filter((f) => b[f] !== undefined && typeof b[f] !== 'object');
  if (present.length === 0) return undefined;
  const lines = present.map((f) => `${f}: ${String(b[f])}`);
  for (const extra of ['errors', 'invalid-params', 'invalid_params']) {
    if (b[extra] !== undefined) lines.push(`${extra}: ${JSON.stringify(b[extra]).slice(0, 1000)}`);
  }
  return lines.join('\n');
}

const STATUS_HINTS: Record<number, string> = {
  400: 'The API rejected the request: check the arguments against the tool description.',
  401: 'The API refused the credentials: check the credential variables in the server configuration.',
  403: 'The credentials are not allowed to do this.',
  404: 'Nothing exists at this address: check identifiers (list first if unsure).',
  409: 'The request conflicts with the current state of the resource.',
  422: 'The API could not process these values: check the arguments.',
  429: 'The API is rate-limiting calls: wait before retrying.',
};

/** Maps one upstream response; `label` is `METHOD /path` for messages. */
export function mapResponse(tool: Tool, res: UpstreamResponse, label: string, maxBytes: number, validators: Validators, secrets: Secrets): Mapped {
  const raw = secrets.scrub(res.bytes.toString('utf8'));
  const ct = res.contentType;
  const statusLine = `HTTP ${res.status}${res.statusText ? ' ' + res.statusText : ''}`;

  if (res.status >= 300 && res.status < 400) {
    // A redirect with a Location is often the answer itself (a download link, a created
    // resource): it is returned as the result; the server never follows it (it only calls its base URL).
    if (res.location && !tool.output.structured && res.status !== 304) {
      return { outcome: 'ok', result: { content: [text(`${label} answered ${statusLine}; the result is at: ${secrets.scrub(res.location)}`)] } };
    }
    return {
      outcome: 'redirect',
      result: {
        isError: true,
        content: [
          text(`${label} answered ${statusLine}${res.location ? ` redirecting to ${secrets.scrub(res.location)}` : ''}; redirects are not followed (the server only calls its configured base URL).`),
        ],
      },
    };
  }
  if (res.status < 200 || res.status >= 300) {
    const parsed = tryJson(raw);
    const problem = parsed.ok ? problemText(parsed.value) : undefined;
    const parts = [`${label} failed: ${statusLine}.`];
    if (STATUS_HINTS[res.status]) parts.push(STATUS_HINTS[res.status]!);
    if (problem) parts.push(problem);
    if (res.limits)
      parts.push(
        `The API says when to call again: ${Object.entries(res.limits)
          .map(([k, v]) => `${k}: ${secrets.scrub(v)}`)
          .join('; ')}.`,
      );
    if (raw.trim() !== '' && isTextType(ct)) parts.push(`Response body${raw.length > PREVIEW_CHARS ? ' (start)' : ''}:\n${raw.slice(0, PREVIEW_CHARS)}`);
    return { outcome: 'api_error', result: { isError: true, content: [text(parts.join('\n'))] } };
  }

  // Binary answers: images go to the agent as images when small enough; anything else is summarised.
  if (!isTextType(ct)) {
    const base = ct.split(';')[0]!.trim();
    if (base.startsWith('image/') && !res.truncated && res.bytes.length <= maxBytes) {
      return { outcome: 'ok', result: { content: [{ type: 'image', data: res.bytes.toString('base64'), mimeType: base }] } };
    }
    const msg = `${label} returned ${base || 'binary data'} (${formatBytes(res.bytes.length)}${res.truncated ? ' or more' : ''}), which is not shown.`;
    return tool.output.structured ? mismatch(msg) : { outcome: 'ok', result: { content: [text(msg)] } };
  }

  if (res.truncated) {
    const msg =
      res.cutBy === 'time'
        ? `${label} answered ${statusLine} with a stream that did not end within the time limit; its first ${formatBytes(res.bytes.length)} are shown.\n${raw.slice(0, maxBytes)}`
        : `${label} answered ${statusLine} with more than ${formatBytes(res.bytes.length)}; only the start is shown. Narrow the request (filters, paging, smaller limits) to get a complete answer.\n${raw.slice(0, maxBytes)}`;
    return tool.output.structured ? mismatch(msg) : { outcome: 'ok', result: { content: [text(msg)] } };
  }

  if (raw.trim() === '') {
    const msg = `Done: ${label} answered ${statusLine} with no content.`;
    return tool.output.structured ? mismatch(`${msg} The tool's output schema expected JSON.`) : { outcome: 'ok', result: { content: [text(msg)] } };
  }

  const parsed = isJsonType(ct) || /^\s*[[{]/.test(raw) ? tryJson(raw) : { ok: false as const };
  if (!parsed.ok) {
    const body = Buffer.byteLength(raw) > maxBytes ? raw.slice(0, maxBytes) + `\n[cut: the response was ${formatBytes(Buffer.byteLength(raw))}, more than the ${formatBytes(maxBytes)} budget]` : raw;
    return tool.output.structured ? mismatch(`${label} answered ${statusLine}, but not with JSON as its description says:\n${body}`) : { outcome: 'ok', result: { content: [text(body)] } };
  }

  const value = tool.output.wrap ? { result: parsed.value } : parsed.value;
  const { value: fitted, cuts } = shrinkJson(value, maxBytes);
  const content: Content[] = [text(JSON.stringify(fitted))];
  if (cuts.length > 0) {
    content.push(text(`Response cut to fit the ${formatBytes(maxBytes)} budget: ${cuts.join('; ')}. Use the API's paging or filter parameters to get the rest.`));
  }
  if (!tool.output.structured || !tool.definition.outputSchema) return { outcome: 'ok', result: { content } };
  if (fitted === null || typeof fitted !== 'object' || Array.isArray(fitted)) {
    return mismatch(`${label} answered ${statusLine} with JSON that is not an object, unlike its output schema:\n${JSON.stringify(fitted)}`);
  }
  const check = validators.check(tool.definition.outputSchema, fitted, 'answer');
  if (!check.ok) {
    return mismatch(
      `${label} answered ${statusLine}, but the response does not match the tool's output schema (${check.message}). The data follows as text:\n${JSON.stringify(fitted)}${cuts.length > 0 ? `\n(${cuts.join('; ')})` : ''}`,
    );
  }
  return { outcome: 'ok', result: { content, structuredContent: fitted as Record<string, unknown> } };
}

function mismatch(message: string): Mapped {
  return { outcome: 'schema_mismatch', result: { isError: true, content: [text(message)] } };
}
