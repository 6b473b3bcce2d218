/**
 * Credentials, derived from the description's security schemes: which environment variables the
 * generated server reads for each scheme, and which schemes (alternatives of combinations) each
 * operation accepts. Variables are named after the scheme so a reader of `.env.example` can tell
 * which is which; secrets themselves never pass through the generator.
 */
import { isObject } from '../validate/json.js';
import { credentialKey } from './inputs.js';
import type { OperationInfo } from './operations.js';
import type { PlanNote, SchemePlan, SecurityRequirement } from './types.js';

/** All schemes of a document, and the notes about those the runtime cannot use. */
export interface AuthPlan {
  schemes: Record<string, SchemePlan>;
  notes: PlanNote[];
  /** `in:name` of parameters that carry apiKey credentials. */
  credentialParams: Set<string>;
}

/** `petstore_auth` → `PETSTORE_AUTH`, `bearerAuth` → `BEARER_AUTH`; never starts with a digit. */
export function envName(raw: string): string {
  const s = raw
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  if (s === '') return 'API';
  return /^[0-9]/.test(s) ? `API_${s}` : s;
}

function withSuffix(base: string, suffix: string): string {
  return base === suffix || base.endsWith(`_${suffix}`) ? base : `${base}_${suffix}`;
}

/** Plans every security scheme of the document. */
export function planAuth(doc: Record<string, unknown>): AuthPlan {
  const components = isObject(doc.components) ? doc.components : {};
  const defs = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const schemes: Record<string, SchemePlan> = {};
  const notes: PlanNote[] = [];
  const credentialParams = new Set<string>();
  const usedBases = new Set<string>();
  for (const [name, raw] of Object.entries(defs)) {
    if (!isObject(raw)) continue;
    let base = envName(name);
    for (let i = 2; usedBases.has(base); i++) base = `${envName(name)}_${i}`;
    usedBases.add(base);
    const type = typeof raw.type === 'string' ? raw.type : '';
    const scheme = typeof raw.scheme === 'string' ? raw.scheme.toLowerCase() : '';
    let plan: Omit<SchemePlan, 'upstream'> & Partial<Pick<SchemePlan, 'upstream'>>;
    if (type === 'apiKey' && (raw.in === 'header' || raw.in === 'query' || raw.in === 'cookie') && typeof raw.name === 'string') {
      const key = /(KEY|TOKEN)$/.test(base) ? base : withSuffix(base, 'KEY');
      plan = { type: 'apiKey', in: raw.in, name: raw.name, env: { key }, description: `API key sent in the ${raw.in} '${raw.name}'` };
      credentialParams.add(credentialKey(raw.in, raw.name));
    } else if (type === 'http' && scheme === 'bearer') {
      plan = { type: 'http-bearer', env: { token: withSuffix(base, 'TOKEN') }, description: 'Bearer token (Authorization: Bearer …)' };
    } else if (type === 'http' && scheme === 'basic') {
      plan = { type: 'http-basic', env: { username: withSuffix(base, 'USERNAME'), password: withSuffix(base, 'PASSWORD') }, description: 'HTTP Basic user name and password' };
    } else if (type === 'oauth2') {
      const flows = isObject(raw.flows) ? raw.flows : {};
      const cc = isObject(flows.clientCredentials) ? flows.clientCredentials : undefined;
      if (cc && typeof cc.tokenUrl === 'string') {
        plan = {
          type: 'oauth2-client-credentials',
          tokenUrl: cc.tokenUrl,
          env: { clientId: withSuffix(base, 'CLIENT_ID'), clientSecret: withSuffix(base, 'CLIENT_SECRET'), tokenUrl: withSuffix(base, 'TOKEN_URL'), token: withSuffix(base, 'ACCESS_TOKEN') },
          description: 'OAuth 2.0 client credentials (the server fetches and refreshes tokens); or set an access token directly',
        };
      } else {
        plan = {
          type: 'oauth2-token',
          env: { token: withSuffix(base, 'ACCESS_TOKEN') },
          description: `OAuth 2.0 access token (${Object.keys(flows).join(', ') || 'no flows'}: obtain it outside the server)`,
        };
      }
    } else if (type === 'openIdConnect') {
      plan = { type: 'openIdConnect-token', env: { token: withSuffix(base, 'ACCESS_TOKEN') }, description: 'OpenID Connect access token (obtain it outside the server)' };
    } else {
      plan = { type: 'unsupported', env: {}, description: `${type || 'unknown'}${scheme ? ' ' + scheme : ''} authentication is not supported by the generated server` };
      notes.push({
        code: 'mcp-auth-unsupported',
        severity: 'warn',
        message: `security scheme '${name}' (${type}${scheme ? ' ' + scheme : ''}) is not supported: operations that need only it will fail until the server is extended`,
      });
    }
    // the caller's identity reaches the API where the API speaks OAuth; elsewhere the server's own credentials
    plan.upstream = plan.type.startsWith('oauth2') || plan.type === 'openIdConnect-token' ? 'token-exchange' : 'service';
    const origin = plan.upstream === 'token-exchange' ? authorizationOrigin(raw) : undefined;
    if (origin) plan.authorizationServer = origin;
    schemes[name] = plan as SchemePlan;
  }
  return { schemes, notes, credentialParams };
}

/** The origin of an OAuth or OpenID Connect scheme's authorization server (absolute URLs only). */
function authorizationOrigin(raw: Record<string, unknown>): string | undefined {
  const urls: unknown[] = [raw.openIdConnectUrl];
  const flows = isObject(raw.flows) ? raw.flows : {};
  for (const f of Object.values(flows)) if (isObject(f)) urls.push(f.tokenUrl, f.authorizationUrl);
  for (const u of urls) {
    if (typeof u !== 'string' || !/^https?:\/\//i.test(u)) continue;
    try {
      return new URL(u).origin;
    } catch {
      /* not a URL: try the next */
    }
  }
  return undefined;
}

/** The security alternatives of one operation, in the runtime's terms (undefined: none declared). */
export function operationSecurity(op: OperationInfo, auth: AuthPlan): { security?: SecurityRequirement[]; notes: PlanNote[] } {
  const notes: PlanNote[] = [];
  if (!op.security || op.security.length === 0) return { notes };
  const out: SecurityRequirement[] = [];
  for (const req of op.security) {
    if (!isObject(req)) continue;
    const alt: SecurityRequirement = [];
    let usable = true;
    for (const [scheme, scopes] of Object.entries(req)) {
      if (!Object.hasOwn(auth.schemes, scheme)) {
        notes.push({ code: 'mcp-auth-undefined', severity: 'warn', message: `security scheme '${scheme}' is not defined in components.securitySchemes` });
        usable = false;
        continue;
      }
      alt.push({ scheme, scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [] });
    }
    if (usable) out.push(alt);
  }
  return { security: out, notes };
}
