/**
 * Keeping secrets out of logs, audit entries, errors and results: credential values loaded from
 * the environment are replaced wherever they appear, and arguments with credential-like names
 * are redacted before they are recorded.
 */

const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pass',
  'pwd',
  'secret',
  'token',
  'apikey',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'cookie',
  'session',
  'signature',
  'jwt',
  'bearer',
]);
const SECRET_PAIRS = new Set(['api key', 'private key', 'access key', 'client secret']);
/** What a redacted value becomes. */
export const REDACTED = '[REDACTED]';

/** The credential values of this process. */
export class Secrets {
  /** Every form a secret may take in text, longest first, so one containing another is replaced whole. */
  private readonly forms: string[] = [];

  /** Remembers a value as secret (values shorter than 4 characters would redact too much). */
  add(value: string | undefined): void {
    if (!value || value.length < 4) return;
    const b64 = Buffer.from(value).toString('base64');
    // as written, URL-encoded (query strings, form bodies), base64 with and without padding, base64url
    for (const form of [value, encodeURIComponent(value), b64, b64.replace(/=+$/, ''), Buffer.from(value).toString('base64url')]) {
      if (form.length >= 4 && !this.forms.includes(form)) this.forms.push(form);
    }
    this.forms.sort((a, b) => b.length - a.length);
  }

  /** The text with every form of every known secret replaced. */
  scrub(text: string): string {
    let out = text;
    for (const form of this.forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  }
}

/** True for argument and header names that usually hold credentials. */
export function isSecretName(name: string): boolean {
  // Word by word, so `author` or `tokenizer_mode` are not mistaken for credentials.
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.some((w, i) => SECRET_WORDS.has(w) || (i > 0 && SECRET_PAIRS.has(`${words[i - 1]} ${w}`)));
}

/** A copy of `value` with credential-like keys redacted and known secrets scrubbed from strings. */
export function redactValue(value: unknown, secrets: Secrets, depth = 0): unknown {
  if (typeof value === 'string') return secrets.scrub(value);
  if (Array.isArray(value)) return depth > 32 ? '[…]' : value.map((v) => redactValue(v, secrets, depth + 1));
  if (value !== null && typeof value === 'object') {
    if (depth > 32) return '[…]';
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      Object.defineProperty(out, k, { value: isSecretName(k) ? REDACTED : redactValue(v, secrets, depth + 1), enumerable: true });
    }
    return out;
  }
  return value;
}
