/**
 * The files of a generated project. Code comes only from `templates/mcp-server/`, copied
 * verbatim; what comes from the API description is written as JSON data (`tools.json`,
 * `server.json`, `package.json`, the manifest) or as escaped Markdown and comment lines in
 * documentation (`README.md`, `CHANGELOG.md`, `.env.example`). Nothing from a description can
 * end up as code.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Manifest } from './manifest.js';
import { manifestPrompt } from './prompts.js';
import type { McpPlan } from './plan.js';
import { commentLine, markdownInline } from './text.js';
import type { GeneratedTool, SchemePlan } from './types.js';

/** One file to write, relative to the project folder. */
export interface RenderedFile {
  path: string;
  content: string;
}

/** The folder holding the project template (shipped with apictl). */
export const TEMPLATE_DIR = fileURLToPath(new URL('../../templates/mcp-server/', import.meta.url));

/** npm strips some dot-files from published packages, so the template stores them with `_`. */
const RENAMED: Record<string, string> = { _gitignore: '.gitignore', _dockerignore: '.dockerignore' };

/** Runtime dependencies of the generated project (zod is the SDK's required peer; quota counters in Redis or SQLite). */
const RUNTIME_DEPS = ['@modelcontextprotocol/sdk', 'ajv', 'ajv-formats', 'jose', 'zod', '@redis/client', 'better-sqlite3', 'yaml'];
const DEV_DEPS = ['typescript', '@types/node', '@types/better-sqlite3'];
/** Used only when a package cannot be found installed beside apictl (the versions apictl was tested with). */
const FALLBACK_VERSIONS: Record<string, string> = {
  '@modelcontextprotocol/sdk': '1.32.2',
  ajv: '8.20.0',
  'ajv-formats': '3.0.1',
  jose: '6.2.18',
  zod: '4.6.7',
  '@redis/client': '6.3.1',
  'better-sqlite3': '12.11.1',
  yaml: '2.9.1',
  typescript: '5.9.3',
  '@types/node': '20.19.43',
  '@types/better-sqlite3': '9.6.0',
};

/** Every template file (relative paths, `/`-separated), sorted. */
export function templateFiles(dir = TEMPLATE_DIR): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'dist') walk(r);
      } else if (e.isFile()) out.push(r);
    }
  };
  walk('');
  return out.sort();
}

/** The exact version of a package installed beside apictl (searching node_modules upwards, as Node does). */
export function installedVersion(pkg: string, from = fileURLToPath(new URL('../../', import.meta.url))): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(file)) {
      try {
        const v = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
        if (typeof v === 'string') return v;
      } catch {
        /* unreadable: keep looking */
      }
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Pinned versions for the generated package.json, and the packages that fell back to built-in versions. */
export function dependencyVersions(): { deps: Record<string, string>; devDeps: Record<string, string>; fallbacks: string[] } {
  const fallbacks: string[] = [];
  const pin = (names: string[]): Record<string, string> =>
    Object.fromEntries(
      names.map((n) => {
        const v = installedVersion(n);
        if (v === undefined) fallbacks.push(n);
        return [n, v ?? FALLBACK_VERSIONS[n]!];
      }),
    );
  return { deps: pin(RUNTIME_DEPS), devDeps: pin(DEV_DEPS), fallbacks };
}

/** What the README says when the description declares no way to authenticate. */
const NO_SECURITY_README = `
**This server sends no credentials**: the API description declares no security scheme. If the API needs one, add it to the description without editing it, with an OpenAPI Overlay, and generate again (\`apictl mcp generate … --overlay auth.overlay.yaml\`):

\`\`\`yaml
overlay: 1.0.0
info: {title: Add the API's authentication, version: 1.0.0}
actions:
  - target: $
    update:
      components:
        securitySchemes:
          bearerAuth: {type: http, scheme: bearer}
      security:
        - bearerAuth: []
\`\`\`
`;

function json(v: unknown): string {
  return JSON.stringify(v, null, 2) + '\n';
}

/** Every environment variable the server reads, with a one-line description. */
export function environmentVariables(plan: McpPlan): Array<{ name: string; description: string; example: string; secret: boolean }> {
  const s = plan.server;
  const vars: Array<{ name: string; description: string; example: string; secret: boolean }> = [
    {
      name: s.baseUrlEnv,
      description: s.baseUrl
        ? `Base URL of the API (default ${s.baseUrl})`
        : s.basePath
          ? `Base URL of the API, ending with its base path ${s.basePath} (required: the description gives no host), e.g. https://api.example.com${s.basePath}`
          : 'Base URL of the API (required: the description gives no absolute server URL)',
      example: '',
      secret: false,
    },
  ];
  for (const [scheme, sp] of Object.entries(s.securitySchemes)) {
    for (const [role, name] of Object.entries(sp.env)) {
      vars.push({
        name,
        description: `${schemeRole(sp, role)} for security scheme '${scheme}': ${sp.description}`,
        example: '',
        secret: role !== 'tokenUrl' && role !== 'username' && role !== 'clientId',
      });
    }
  }
  vars.push(
    { name: 'MCP_CALLER_ID', description: 'Identity recorded in the audit log for calls through this server (a name, never a secret; default "local")', example: '', secret: false },
    { name: 'MCP_AUDIT_LOG', description: 'Audit log file, JSON lines (default audit.jsonl in the project folder; relative paths are taken from there)', example: '', secret: false },
    {
      name: 'MCP_MAX_MESSAGE_BYTES',
      description: 'Largest JSON-RPC message accepted (default 10485760, 10 MiB); a larger one gets a JSON-RPC error and the server keeps serving',
      example: '',
      secret: false,
    },
    {
      name: 'MCP_AUDIT_MAX_BYTES',
      description: 'Size at which the audit log is rotated to audit.jsonl.1 … .5 (default 67108864, 64 MiB); argument values over 1024 characters are recorded by size and SHA-256',
      example: '',
      secret: false,
    },
    {
      name: 'MCP_RATE_LIMIT_PER_MINUTE',
      description: 'Most tool calls per minute for the whole server, all callers and tools together (shared by replicas through MCP_REDIS_URL)',
      example: String(s.defaults.rateLimitPerMinute),
      secret: false,
    },
    { name: 'MCP_TIMEOUT_MS', description: 'Timeout of each API call in milliseconds', example: String(s.defaults.timeoutMs), secret: false },
    { name: 'MCP_MAX_RESPONSE_BYTES', description: 'Largest response passed to the agent; bigger ones are cut with a notice', example: String(s.defaults.maxResponseBytes), secret: false },
    { name: 'MCP_TOOLS_PAGE_SIZE', description: 'Tools per tools/list page', example: String(s.defaults.pageSize), secret: false },
    { name: 'MCP_LOG_LEVEL', description: 'error, info or debug (logs go to stderr)', example: 'info', secret: false },
    { name: 'MCP_TOOLSETS', description: `Toolsets listed, comma-separated, or all (default: ${s.defaultToolsets.join(', ') || 'all'})`, example: '', secret: false },
    {
      name: 'MCP_DYNAMIC_TOOLSETS',
      description: '1 adds the list_toolsets and enable_toolset tools: a client enables more toolsets per session and is told the tool list changed',
      example: '',
      secret: false,
    },
    { name: 'MCP_TOKEN', description: 'stdio: the server token calls are made as (node dist/index.js tokens create); checked on every call', example: '', secret: true },
    { name: 'MCP_TOKENS_DB', description: 'Server tokens (SQLite; hashes only; default tokens.db in the project folder)', example: '', secret: false },
    { name: 'MCP_REDIS_URL', description: 'Redis for call counters shared by every replica (redis://…); without it they live in MCP_QUOTA_DB', example: '', secret: true },
    { name: 'MCP_QUOTA_DB', description: 'Call counters when there is no Redis (SQLite, shared by the processes of this machine; default quota.db)', example: '', secret: false },
    { name: 'MCP_QUOTA_FAIL_OPEN_READS', description: '1 lets read-only tools run while the counters cannot be reached (everything else fails closed)', example: '', secret: false },
    { name: 'MCP_TRANSPORT', description: 'stdio (default) or http (the same as --http): Streamable HTTP at /mcp', example: '', secret: false },
    { name: 'MCP_HOST', description: 'HTTP: address to bind (default 127.0.0.1; 0.0.0.0 in a container)', example: '', secret: false },
    { name: 'MCP_PORT', description: 'HTTP: port (default 3000)', example: '', secret: false },
    {
      name: 'MCP_OAUTH_ISSUER',
      description: 'HTTP: the OAuth 2.0 authorization server whose access tokens are accepted (its metadata is discovered, RFC 8414 / OpenID Connect)',
      example: '',
      secret: false,
    },
    { name: 'MCP_RESOURCE_URL', description: "HTTP: this server's canonical URL, e.g. https://mcp.example.com/mcp; tokens must name it as their audience (RFC 8707)", example: '', secret: false },
    { name: 'MCP_OAUTH_CLIENT_ID', description: "HTTP: this server's own client at the issuer, for token exchange (RFC 8693) with the API", example: '', secret: false },
    { name: 'MCP_OAUTH_CLIENT_SECRET', description: 'HTTP: its client secret', example: '', secret: true },
    { name: 'MCP_UPSTREAM_RESOURCE', description: 'HTTP: the resource (RFC 8707) exchanged tokens are for (default: the API base URL)', example: '', secret: false },
    { name: 'MCP_UPSTREAM_AUDIENCE', description: 'HTTP: the audience name exchanged tokens are for, when the issuer wants one (optional)', example: '', secret: false },
    {
      name: 'MCP_OAUTH_JWKS_COOLDOWN_MS',
      description: "HTTP: least time between two fetches of the issuer's keys for an unknown key id (default 30000); a rotated key is accepted after it",
      example: '',
      secret: false,
    },
    { name: 'MCP_OAUTH_INTROSPECTION_CLIENT_ID', description: 'HTTP: client id for RFC 7662 introspection of opaque (non-JWT) tokens (optional)', example: '', secret: false },
    { name: 'MCP_OAUTH_INTROSPECTION_CLIENT_SECRET', description: 'HTTP: its client secret', example: '', secret: true },
    { name: 'MCP_ALLOW_ANONYMOUS', description: 'HTTP: 1 serves without authentication, on a loopback address only (test and demo only)', example: '', secret: false },
    { name: 'MCP_ALLOWED_HOSTS', description: 'HTTP: comma-separated Host values accepted besides loopback and the resource URL host (DNS-rebinding protection)', example: '', secret: false },
    { name: 'MCP_ALLOWED_ORIGINS', description: 'HTTP: comma-separated browser Origins accepted besides loopback and the resource URL origin', example: '', secret: false },
    { name: 'MCP_MAX_CONCURRENT', description: 'HTTP: requests served at once; more get 429 (default 32)', example: '', secret: false },
    { name: 'MCP_MAX_SESSIONS', description: 'HTTP: open sessions at most (default 1000)', example: '', secret: false },
    { name: 'MCP_SESSION_IDLE_MS', description: 'HTTP: a session unused this long is closed (default 1800000, 30 min)', example: '', secret: false },
    { name: 'MCP_SHUTDOWN_GRACE_MS', description: 'HTTP: on SIGTERM, how long calls in flight may finish (default 10000)', example: '', secret: false },
  );
  return vars;
}

function schemeRole(sp: SchemePlan, role: string): string {
  switch (role) {
    case 'key':
      return 'API key';
    case 'token':
      return sp.type === 'oauth2-client-credentials' ? 'Access token (optional: used instead of fetching one)' : 'Token';
    case 'username':
      return 'User name';
    case 'password':
      return 'Password';
    case 'clientId':
      return 'OAuth client id';
    case 'clientSecret':
      return 'OAuth client secret';
    case 'tokenUrl':
      return 'Token URL override (optional)';
    default:
      return role;
  }
}

function envExample(plan: McpPlan): string {
  const lines = ['# Environment of the MCP server. Copy to .env (never commit it) or set these in your MCP client.', '# Variables already set in the environment win over this file.', ''];
  for (const v of environmentVariables(plan)) {
    lines.push(`# ${commentLine(v.description)}${v.secret ? ' (secret)' : ''}`);
    lines.push(`${v.name}=${v.example}`);
    lines.push('');
  }
  return lines.join('\n');
}

function effect(t: GeneratedTool): string {
  const a = t.definition.annotations;
  if (a.readOnlyHint) return 'read-only';
  return a.destructiveHint ? 'changes data (destructive)' : 'changes data';
}

function readme(plan: McpPlan, projectDir: string, invocation: string): string {
  const s = plan.server;
  const title = markdownInline(s.title);
  const entry = path.join(projectDir, 'dist', 'index.js');
  const clientEnv: Record<string, string> = {};
  for (const v of environmentVariables(plan)) if (v.secret || (v.name === s.baseUrlEnv && !s.baseUrl)) clientEnv[v.name] = '…';
  const serverEntry = { command: 'node', args: [entry], env: clientEnv };
  const snippet = (o: unknown): string => '```json\n' + JSON.stringify(o, null, 2) + '\n```';
  const rows = plan.tools.map((t) => {
    const own = t.definition._meta['apictl/tool'] as { method: string; path: string };
    const scopes = t.scopes ? t.scopes.map((a) => a.map((x) => `\`${markdownInline(x)}\``).join(' + ')).join(' or ') : '—';
    return `| \`${t.definition.name}\` | ${markdownInline(own.method)} ${markdownInline(own.path)} | ${markdownInline(t.definition.title ?? '')} | ${effect(t)} | ${scopes} |`;
  });
  const exchanged = Object.entries(s.securitySchemes)
    .filter(([, sp]) => sp.upstream === 'token-exchange')
    .map(([n]) => '`' + markdownInline(n) + '`');
  const served = Object.entries(s.securitySchemes)
    .filter(([, sp]) => sp.upstream !== 'token-exchange')
    .map(([n]) => '`' + markdownInline(n) + '`');
  const upstreamLines =
    (exchanged.length > 0
      ? `\n   - ${exchanged.join(', ')} (OAuth): **token exchange** (RFC 8693) at the issuer: the caller's token is traded for one for the API (\`MCP_UPSTREAM_RESOURCE\`, default the base URL; \`MCP_UPSTREAM_AUDIENCE\` if your issuer wants an audience name) with the operation's scopes, using this server's client at the issuer (\`MCP_OAUTH_CLIENT_ID\`/\`MCP_OAUTH_CLIENT_SECRET\`). The API sees the user and enforces its own permissions. Exchanged tokens are cached per user and scopes until shortly before they expire. Where the description names the API's authorization server and it is not \`MCP_OAUTH_ISSUER\`, the server's own credentials are used instead (the start log says so).`
      : '') +
    (served.length > 0
      ? `\n   - ${served.join(', ')}: **the server's own credentials** from the environment (the variables above), the same for every caller; the API sees this server, not the user.`
      : '') +
    (exchanged.length + served.length === 0 ? ' The description declares no security scheme, so no credentials are sent.' : '') +
    '\n   Change a scheme in `mcp.yaml` (`upstreamCredentials: { scheme: token-exchange | service }`) and regenerate. On stdio every scheme uses the environment.';
  const toolsetRows = s.toolsets
    .map(
      (t) =>
        `| \`${markdownInline(t.name)}\`${t.description ? ` — ${markdownInline(t.description)}` : ''} | ${t.tools} | ${t.tokens.toLocaleString('en-US')} | ${s.defaultToolsets.includes(t.name) ? 'yes' : 'no'} |`,
    )
    .join('\n');
  const q = s.quotas;
  const quotaText =
    q && (q.perCaller.length > 0 || Object.keys(q.tools).length > 0 || Object.keys(q.toolsets).length > 0)
      ? [
          q.perCaller.length > 0 ? `${q.perCaller.join(' and ')} per caller` : '',
          ...Object.entries(q.tools).map(([t, l]) => `${l.join(' and ')} per caller for \`${t}\``),
          ...Object.entries(q.toolsets).map(([t, l]) => `${l.join(' and ')} per caller for toolset \`${t}\``),
        ]
          .filter(Boolean)
          .join(', ') + ' (set in `mcp.yaml`, `quotas`)'
      : 'none by default (set them in `mcp.yaml`, `quotas: { perCaller: [1000/day] }`, or per token)';
  const allScopes = [...new Set(plan.tools.flatMap((t) => (t.scopes ?? []).flat()))].sort();
  const scopesLine =
    allScopes.length > 0
      ? `\n   Scopes used: ${allScopes.map((x) => '`' + markdownInline(x) + '`').join(', ')}.`
      : '\n   The description names no OAuth scopes: any valid token for this server may call every tool (set scopes in mcp.yaml to narrow that).';
  const vars = environmentVariables(plan).map((v) => `| \`${v.name}\` | ${markdownInline(v.description)}${v.secret ? ' **(secret)**' : ''} |`);
  return `# ${title} — MCP server

A standalone [Model Context Protocol](https://modelcontextprotocol.io) server (stdio, or remote over Streamable HTTP) that exposes ${plan.tools.length} operation(s) of ${title} as tools. It calls the real API with your credentials, validates every call, limits the call rate and records every call in an audit log. The API itself is not changed.

Generated by \`apictl\` from ${markdownInline(s.spec.title)} ${markdownInline(s.spec.version)}. Server version ${markdownInline(s.version)}.

## Tools

| Tool | Operation | Summary | Effect | OAuth scopes (over HTTP) |
|---|---|---|---|---|
${rows.join('\n')}

Tool definitions (names, descriptions, schemas) are data in \`tools.json\`; the code in \`src/\` only reads them.

## Configuration

Set these variables in the environment (your MCP client's \`env\` block) or in a \`.env\` file in this folder (see \`.env.example\`):

| Variable | Meaning |
|---|---|
${vars.join('\n')}

A call whose credentials are missing returns an error naming the variable to set. Secrets never appear in logs, audit entries or errors.
${Object.keys(s.securitySchemes).length === 0 ? NO_SECURITY_README : ''}
## Use it from an MCP client

Build once: \`npm install && npm run build\`. Start it with \`node\` (not \`npm start\`: npm prints banners on stdout, which must carry protocol only).

Claude Desktop (\`claude_desktop_config.json\`):

${snippet({ mcpServers: { [s.name]: serverEntry } })}

VS Code (\`.vscode/mcp.json\`):

${snippet({ servers: { [s.name]: { type: 'stdio', ...serverEntry } } })}

Cursor (\`.cursor/mcp.json\` or \`~/.cursor/mcp.json\`):

${snippet({ mcpServers: { [s.name]: serverEntry } })}

Docker (stdio): \`docker build -t ${s.name} .\` then \`docker run -i --rm --env-file .env -e MCP_TRANSPORT=stdio -v ${s.name}-audit:/data ${s.name}\`.

## Remote over HTTP (production)

\`node dist/index.js --http [--port 3000] [--host 127.0.0.1]\` serves Streamable HTTP at \`/mcp\`, with sessions, resumable streams, \`/healthz\` and \`/readyz\`. The same tools and the same validation, rate limit, timeouts and audit as stdio; only authentication differs. The Docker image runs this mode as an unprivileged user, with a health check: \`docker run -p 3000:3000 --env-file .env -v ${s.name}-audit:/data ${s.name}\`.

It is an OAuth 2.0 resource server, as the MCP authorization specification requires:

1. **Issuer.** Set \`MCP_OAUTH_ISSUER\` to your identity provider — the same one your human API consumers use. Its metadata is discovered (RFC 8414, OpenID Connect discovery); access tokens are JWTs checked against its published keys (rotation needs no restart), or opaque tokens checked by introspection when \`MCP_OAUTH_INTROSPECTION_CLIENT_ID\`/\`_SECRET\` are set.
2. **Resource URL.** Set \`MCP_RESOURCE_URL\` to the URL clients use, e.g. \`https://mcp.example.com/mcp\`. A token must name it as its audience (clients request it with the RFC 8707 \`resource\` parameter): a valid token minted for another service is refused. The server publishes its protected resource metadata at \`/.well-known/oauth-protected-resource\`, and every 401 points to it (\`WWW-Authenticate: Bearer resource_metadata="…"\`).
3. **Scopes.** Each tool needs the scopes its operation needs in the API description (table above; alternatives are *or*, scopes within one are *and*), so an agent has exactly the permissions of a human consumer with the same token. \`tools/list\` shows a caller only the tools its token allows; a call without the scopes is refused before the API is called, with 403 \`insufficient_scope\` naming the scopes to ask for, and audited. Change the mapping in \`mcp.yaml\` (\`tools.<name>.scopes\`, \`tagScopes\`) and regenerate. The API still makes every permission decision.${scopesLine}
4. **Identity in the audit.** Every entry records the token's subject (\`caller\`), its client (\`client\`) and \`via: "oauth"\`.
5. **Credentials for the API — never the caller's token.** The MCP specification forbids passing the client's token on.${upstreamLines}

Tokens travel only in \`Authorization: Bearer\`, never in URLs. Without an issuer, HTTP mode refuses to start; \`MCP_ALLOW_ANONYMOUS=1\` serves without authentication for a local test or demo only, on a loopback address, with a warning at every start.

Behind a proxy, allow the public host and origin (\`MCP_ALLOWED_HOSTS\`, \`MCP_ALLOWED_ORIGINS\`; the resource URL's are allowed already); other Host or Origin headers get 403 (DNS-rebinding protection).

## Governance

**Toolsets.** Tools are grouped so an agent can hold the list; \`tools/list\` shows the enabled ones (\`MCP_TOOLSETS\`, default: those marked below, which keep the list within the generation budget). With \`MCP_DYNAMIC_TOOLSETS=1\` a client can list and enable toolsets itself (\`list_toolsets\`, \`enable_toolset\`) and is told that the tool list changed.

| Toolset | Tools | ≈ Tokens | Listed by default |
|---|---|---|---|
${toolsetRows}

**Server tokens** (for deployments without an identity provider, over HTTP as \`Authorization: Bearer\`, on stdio as \`MCP_TOKEN\`; accepted beside OAuth tokens). Each is shown once, stored only as a hash, and can be limited to scopes, toolsets, data classifications and quotas:

    node dist/index.js tokens create --name ci-bot --toolsets ${s.toolsets[0]?.name ?? 'default'} --classifications public,internal --quota 1000/day --quota 60/min --expires 30d
    node dist/index.js tokens list
    node dist/index.js tokens show ci-bot
    node dist/index.js tokens rotate ci-bot --grace 1h
    node dist/index.js tokens revoke ci-bot

A revoked or expired token is refused on its next call. Creating, rotating and revoking are audited.

**Quotas and rate limits.** Every call is charged, before the API is called, to the server's limit (\`MCP_RATE_LIMIT_PER_MINUTE\`, ${s.defaults.rateLimitPerMinute}/min) and to its caller's quotas — a token's own, otherwise ${quotaText}. A refused call says which limit and when it resets (over HTTP also in \`RateLimit\` and \`Retry-After\` headers) and is audited. Replicas share the counters through \`MCP_REDIS_URL\` (otherwise a SQLite file, shared by the processes of one machine); when the counters cannot be reached, calls fail closed (\`MCP_QUOTA_FAIL_OPEN_READS=1\` lets read-only tools run).

**Data classification.** Each tool's \`_meta\` carries its data sensitivity (from the API description or \`mcp.yaml\`; otherwise reads are \`internal\`, changes \`confidential\`); a token limited to classifications never sees other tools. A changed classification changes the tool's version.

**Resources and prompts.** The server offers the API description its tools call (\`apictl://spec/openapi.json\`, the converted 3.x JSON) and a guide per toolset (\`apictl://toolsets/<name>\`), and the prompts defined in \`mcp.yaml\` (\`prompts: { name: { description, arguments, template } }\`, with \`{{argument}}\` placeholders)${plan.prompts.length > 0 ? ` — here ${plan.prompts.map((p) => '`' + markdownInline(p.name) + '`').join(', ')}` : ''}. Prompts and resources are versioned with the tools: regenerating names each change in \`CHANGELOG.md\`.

**Audit.** Every call and every refusal is one JSON line in \`MCP_AUDIT_LOG\`: time, caller (token name or OAuth subject and client), tool and version, redacted and size-capped arguments, outcome, status, duration, response size, the SHA-256 of the result and the quota state. \`node dist/index.js audit --since 1h --token ci-bot\` summarizes it.

## Behaviour

- Arguments are validated against each tool's input schema; invalid calls return an error naming the field.
- At most \`MCP_RATE_LIMIT_PER_MINUTE\` calls per minute (default ${s.defaults.rateLimitPerMinute}), checked before the API is called.
- Each API call times out after \`MCP_TIMEOUT_MS\` (default ${s.defaults.timeoutMs} ms) and is cancelled when the client cancels.
- Responses larger than \`MCP_MAX_RESPONSE_BYTES\` (default ${s.defaults.maxResponseBytes}) are cut, keeping the first items of long lists, with a notice.
- API errors come back as tool errors with the HTTP status and RFC 9457 problem details.
- Every call (including refused ones) is appended to the audit log as one JSON line: time, caller, tool and version, redacted arguments, outcome, status, duration and response size.

## Development

\`npm test\` builds the project and runs its tests. Regenerate with:

    ${invocation}

Regenerating keeps your \`.env\`, configuration and overlay, bumps the server version by what changed (see \`CHANGELOG.md\`) and records tool versions in \`mcp-manifest.json\`. Files you edited are not overwritten: the new version is written beside them as \`*.apictl-new\`.
`;
}

function changelog(plan: McpPlan, existing: string | undefined, date: string): string | undefined {
  const v = plan.versioning;
  const s = plan.server;
  let entry: string;
  if (v.previous === undefined) {
    entry = `## ${s.version} — ${date}\n\nFirst generation from ${markdownInline(s.spec.title)} ${markdownInline(s.spec.version)}: ${plan.tools.length} tool(s).\n`;
  } else if (v.level === 'none') {
    return existing;
  } else {
    const lines = v.changes.map((c) => `- ${c.level}: ${markdownInline(c.text.replace(/`/g, ''))}`);
    entry = `## ${s.version} — ${date}\n\n${v.level} release (from ${v.previous}), generated from ${markdownInline(s.spec.title)} ${markdownInline(s.spec.version)}:\n\n${lines.join('\n')}\n`;
  }
  const header = '# Changelog\n\nNewest first. Written by apictl on each regeneration that changes the tools.\n';
  if (!existing?.startsWith('# Changelog')) return `${header}\n${entry}${existing ? `\n${existing}` : ''}`;
  // Insert below the header block, keeping everything already there.
  const firstEntry = existing.indexOf('\n## ');
  return firstEntry === -1 ? `${existing.trimEnd()}\n\n${entry}` : `${existing.slice(0, firstEntry + 1)}${entry}\n${existing.slice(firstEntry + 1)}`;
}

/** Everything `render` needs besides the plan. */
export interface RenderContext {
  /** Absolute path of the project folder (used in client snippets). */
  projectDir: string;
  generatorVersion: string;
  /** The command line that regenerates the project (for the README). */
  invocation: string;
  /** Current CHANGELOG.md, if any. */
  changelog?: string;
  date: string;
  /** The API description the tools came from (3.x, after the overlay), served as a resource. */
  document: unknown;
}

/** All files of the project, template files first. The manifest's `files` is filled by the writer. */
export function renderProject(plan: McpPlan, ctx: RenderContext): { files: RenderedFile[]; manifest: Manifest; fallbacks: string[] } {
  const files: RenderedFile[] = [];
  for (const rel of templateFiles()) {
    const base = path.posix.basename(rel);
    const target = RENAMED[base] ? path.posix.join(path.posix.dirname(rel), RENAMED[base]!).replace(/^\.\//, '') : rel;
    files.push({ path: target, content: readFileSync(path.join(TEMPLATE_DIR, rel), 'utf8') });
  }
  const { deps, devDeps, fallbacks } = dependencyVersions();
  const s = plan.server;
  files.push({
    path: 'package.json',
    content: json({
      name: s.name,
      version: s.version,
      description: `MCP server for ${s.title} (generated by apictl)`,
      private: true,
      type: 'module',
      main: 'dist/index.js',
      engines: { node: '>=20.12' },
      scripts: { build: 'tsc -p tsconfig.json', start: 'node dist/index.js', test: 'tsc -p tsconfig.json && node --test test/' },
      dependencies: deps,
      devDependencies: devDeps,
    }),
  });
  files.push({ path: 'tools.json', content: json({ tools: plan.tools }) });
  files.push({ path: 'server.json', content: json(s) });
  files.push({ path: 'prompts.json', content: json({ prompts: plan.prompts }) });
  files.push({ path: 'openapi.json', content: JSON.stringify(ctx.document) + '\n' });
  files.push({ path: 'README.md', content: readme(plan, ctx.projectDir, ctx.invocation) });
  files.push({ path: '.env.example', content: envExample(plan) });
  const log = changelog(plan, ctx.changelog, ctx.date);
  if (log !== undefined) files.push({ path: 'CHANGELOG.md', content: log });
  const manifest: Manifest = {
    manifestVersion: 1,
    generator: { name: 'apictl', version: ctx.generatorVersion },
    server: { name: s.name, version: s.version },
    spec: s.spec,
    toolsHash: plan.toolsHash,
    tools: plan.manifestTools,
    prompts: plan.prompts.map(manifestPrompt),
    resources: plan.resources,
    files: {},
  };
  return { files, manifest, fallbacks };
}
