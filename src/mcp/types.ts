/**
 * Data shapes of MCP generation: the plan (tools, report) built from an API description, and
 * the JSON data the generated server reads. The generated project's runtime declares the same
 * shapes in `templates/mcp-server/src/model.ts`; keep the two in step.
 */

/** A JSON Schema (2020-12) as plain data. */
export type JsonSchema = Record<string, unknown> | boolean;

/** How an operation is treated by the default selection. */
export type Category = 'read' | 'search' | 'write' | 'workflow' | 'unsupported';

/** Something the user should know about one operation or the whole selection. */
export interface PlanNote {
  /** Stable code, e.g. `mcp-file-upload`. */
  code: string;
  severity: 'warn' | 'info';
  message: string;
}

/** A warning about the user's own files (config, overlay), with where it is. */
export interface LocatedWarning {
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
}

/** How one path/query/header/cookie parameter is sent. */
export interface ParamPlan {
  in: 'path' | 'query' | 'header' | 'cookie';
  /** Name on the wire. */
  name: string;
  /** Property of the tool's arguments that holds the value (absent when pinned). */
  arg?: string;
  required: boolean;
  style: string;
  explode: boolean;
  allowReserved?: boolean;
  /** Parameters described with `content` are serialised with that media type (JSON). */
  contentType?: string;
  /** A value fixed by configuration: always sent, not an input. */
  pinned?: unknown;
}

/** How the request body is sent. */
export interface BodyPlan {
  mediaType: string;
  /** How the body is encoded on the wire. */
  kind: 'json' | 'form' | 'multipart' | 'binary' | 'text';
  required: boolean;
  /** `property`: one argument holds the whole body; `fields`: body properties are top-level arguments. */
  mode: 'property' | 'fields';
  /** Argument name in `property` mode. */
  arg?: string;
  /** Argument name → body field name, in `fields` mode. */
  fields?: Record<string, string>;
  /** Body fields (multipart/form) that are files, passed as `{ content (base64), filename?, contentType? }`. */
  files?: string[];
  /** Per-field encoding of form and multipart bodies (content type, style, explode). */
  encoding?: Record<string, { contentType?: string; style?: string; explode?: boolean }>;
}

/** One security requirement: all of these schemes together (scopes for OAuth). */
export type SecurityRequirement = Array<{ scheme: string; scopes: string[] }>;

/** Everything the runtime needs to call the operation behind a tool. */
export interface RequestPlan {
  method: string;
  /** Path template as in the description (`/pets/{id}`), appended to the base URL. */
  path: string;
  params: ParamPlan[];
  body?: BodyPlan;
  /** Accept header to send (the chosen response media type). */
  accept?: string;
  /** Alternatives (any one suffices); an empty alternative means anonymous access is allowed. Absent: no auth. */
  security?: SecurityRequirement[];
}

/** How the runtime maps a successful response. */
export interface OutputPlan {
  /** True when the response is JSON described by a schema (then the tool has an outputSchema). */
  structured: boolean;
  /** The JSON value is placed under `result` because the response schema is not an object. */
  wrap: boolean;
}

/** An MCP tool as it appears in `tools/list`. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations: {
    title?: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
  _meta: Record<string, unknown>;
}

/** One entry of the generated `tools.json`. */
export interface GeneratedTool {
  definition: ToolDefinition;
  request: RequestPlan;
  output: OutputPlan;
  /** OAuth scopes a caller needs over HTTP, as alternatives (absent: none). */
  scopes?: string[][];
  /** The toolset it belongs to. */
  toolset?: string;
}

/** One toolset in `server.json`: its size in tools/list. */
export interface ToolsetInfo {
  name: string;
  description?: string;
  tools: number;
  /** Estimated tokens of its tools in tools/list. */
  tokens: number;
}

/** Environment variables one security scheme reads. */
export interface SchemePlan {
  type: 'apiKey' | 'http-bearer' | 'http-basic' | 'oauth2-client-credentials' | 'oauth2-token' | 'openIdConnect-token' | 'unsupported';
  /** apiKey: where and under which name the key is sent. */
  in?: 'header' | 'query' | 'cookie';
  name?: string;
  /** Token endpoint for client credentials (absolute, or relative to the base URL). */
  tokenUrl?: string;
  /** Variable names by role: `key`, `token`, `username`, `password`, `clientId`, `clientSecret`, `tokenUrl`. */
  env: Record<string, string>;
  /** One line for README and `.env.example`. */
  description: string;
  /**
   * How a remote (HTTP + OAuth) server authenticates to the API with this scheme: `token-exchange`
   * trades the caller's token for one for the API (RFC 8693), so the API sees the user; `service`
   * uses the server's own credentials from the environment (always so on stdio).
   */
  upstream: 'token-exchange' | 'service';
  /**
   * Where the API's own authorization server is, as far as the description says (the origin of
   * its token, authorization or OpenID Connect URL). A default token exchange applies only when
   * it is the MCP server's issuer; an explicit choice in mcp.yaml drops this.
   */
  authorizationServer?: string;
}

/** The generated `server.json`: what the runtime needs besides the tools. */
export interface ServerData {
  name: string;
  version: string;
  title: string;
  /** Base URL from the description's first server (variables replaced by their defaults); may be empty. */
  baseUrl: string;
  /** The path a base URL must end with when the description gives a path but no host (a 2.0 basePath). */
  basePath?: string;
  baseUrlEnv: string;
  securitySchemes: Record<string, SchemePlan>;
  toolsets: ToolsetInfo[];
  /** Toolsets listed when MCP_TOOLSETS is not set (within the tools/list budget). */
  defaultToolsets: string[];
  /** Default call quotas (a server token's own quota replaces perCaller). */
  quotas?: { perCaller: string[]; tools: Record<string, string[]>; toolsets: Record<string, string[]> };
  defaults: {
    rateLimitPerMinute: number;
    timeoutMs: number;
    maxResponseBytes: number;
    pageSize: number;
  };
  spec: SpecIdentity;
}

/** Which description a project was generated from. */
export interface SpecIdentity {
  title: string;
  /** `info.version` of the description. */
  version: string;
  /** Registered spec slug and version number, when generated from the registry. */
  registry?: { slug: string; version: number };
  /** Display path of the file, when generated from a file. */
  file?: string;
  /** SHA-256 of the 3.x document (after the overlay). */
  hash: string;
}

/** One operation in the selection report. */
export interface SelectionEntry {
  method: string;
  path: string;
  operationId?: string;
  category: Category;
  selected: boolean;
  /** Why it is (not) selected, in words. */
  reason: string;
  /** Tool name when selected. */
  tool?: string;
  /** OAuth scopes the tool requires (alternatives) and where they come from. */
  scopes?: { alternatives: string[][]; source: string };
  notes: PlanNote[];
}
