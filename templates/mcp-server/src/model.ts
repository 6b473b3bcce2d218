/**
 * Shapes of the generated data files (`tools.json`, `server.json`). Everything that comes from
 * the API description lives in those files; this code only reads them.
 */

/** How one path/query/header/cookie parameter is sent. */
export interface ParamPlan {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  arg?: string;
  required: boolean;
  style: string;
  explode: boolean;
  allowReserved?: boolean;
  contentType?: string;
  pinned?: unknown;
}

/** How the request body is sent. */
export interface BodyPlan {
  mediaType: string;
  kind: 'json' | 'form' | 'multipart' | 'binary' | 'text';
  required: boolean;
  mode: 'property' | 'fields';
  arg?: string;
  fields?: Record<string, string>;
  files?: string[];
  encoding?: Record<string, { contentType?: string; style?: string; explode?: boolean }>;
}

/** All of these schemes together; a list of them is a list of alternatives. */
export type SecurityRequirement = Array<{ scheme: string; scopes: string[] }>;

/** Everything needed to call the operation behind a tool. */
export interface RequestPlan {
  method: string;
  path: string;
  params: ParamPlan[];
  body?: BodyPlan;
  accept?: string;
  security?: SecurityRequirement[];
}

/** How a successful response becomes the tool result. */
export interface OutputPlan {
  structured: boolean;
  wrap: boolean;
}

/** A tool as listed to clients. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations: Record<string, unknown>;
  _meta: Record<string, unknown>;
}

/** One entry of `tools.json`. */
export interface Tool {
  definition: ToolDefinition;
  request: RequestPlan;
  output: OutputPlan;
  /**
   * OAuth scopes a caller needs, as alternatives (any one set suffices; an empty set or no list:
   * none needed). From the operation's security requirements, or mcp.yaml.
   */
  scopes?: string[][];
  /** The toolset it belongs to (listed only while that toolset is enabled). */
  toolset?: string;
}

/** A prompt of mcp.yaml (prompts.json): a template with {{argument}} placeholders. */
export interface Prompt {
  name: string;
  description?: string;
  arguments: Array<{ name: string; description?: string; required?: boolean }>;
  template: string;
  version: string;
}

/** One toolset (server.json). */
export interface ToolsetInfo {
  name: string;
  description?: string;
  tools: number;
  tokens: number;
}

/**
 * Who is calling. Over HTTP with OAuth: the token's subject, client and scopes. Anonymous HTTP
 * (test and demo only) and stdio: the configured name, not limited by scopes.
 */
export interface Caller {
  id: string;
  clientId?: string;
  /** Granted scopes; undefined when the caller is not limited by scopes. */
  scopes?: string[];
  /** Toolsets the caller may use (a server token's); undefined: any. */
  toolsets?: string[];
  /** Data classifications the caller may reach (a server token's, e.g. public, internal); undefined: any. */
  classifications?: string[];
  /** The caller's own quotas (a server token's, e.g. 1000/day), instead of the server's defaults. */
  quota?: string[];
  via: 'oauth' | 'token' | 'anonymous' | 'environment';
}

/** One security scheme and the environment variables it reads. */
export interface SchemePlan {
  type: 'apiKey' | 'http-bearer' | 'http-basic' | 'oauth2-client-credentials' | 'oauth2-token' | 'openIdConnect-token' | 'unsupported';
  in?: 'header' | 'query' | 'cookie';
  name?: string;
  tokenUrl?: string;
  env: Record<string, string>;
  description: string;
  /** Over HTTP with OAuth: `token-exchange` trades the caller's token for one for the API (RFC 8693); `service` uses the environment. */
  upstream?: 'token-exchange' | 'service';
  /** The API's own authorization server (origin), when the description names one: a default exchange applies only at the same issuer. */
  authorizationServer?: string;
}

/** Trades the caller's token for an access token to the API with these scopes (HTTP with OAuth only). */
export type Exchange = (scopes: string[], signal: AbortSignal) => Promise<string>;

/** `server.json`: base URL, security schemes, defaults and spec identity. */
export interface ServerData {
  name: string;
  version: string;
  title: string;
  baseUrl: string;
  /** The path the base URL must end with when the description gives no host (a 2.0 basePath). */
  basePath?: string;
  baseUrlEnv: string;
  securitySchemes: Record<string, SchemePlan>;
  toolsets?: ToolsetInfo[];
  defaultToolsets?: string[];
  /** Default quotas per caller, per caller and tool, per caller and toolset ("60/min", "1000/day"). */
  quotas?: { perCaller: string[]; tools: Record<string, string[]>; toolsets: Record<string, string[]> };
  defaults: { rateLimitPerMinute: number; timeoutMs: number; maxResponseBytes: number; pageSize: number };
  spec: { title: string; version: string; hash: string };
}

/** The version of a tool, from its `_meta`. */
export function toolVersion(tool: Tool): string {
  const own = tool.definition._meta['apictl/tool'] as { version?: unknown } | undefined;
  return typeof own?.version === 'string' ? own.version : '';
}
