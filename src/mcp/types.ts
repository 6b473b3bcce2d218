/**
 * Data shapes of MCP generation: the plan (tools, report) built from an API description, and
 * the JSON data the generated server reads (generated from `schemas/mcp/`, see below).
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

/*
 * The data files the generated server reads (`tools.json`, `server.json`, `prompts.json`) are
 * described once, by the JSON Schemas in `schemas/mcp/`; their types are generated from those
 * (`data-types.ts`, the same file as the generated project's `src/data-types.ts`).
 */
export type {
  BodyPlan,
  OutputPlan,
  ParamPlan,
  RequestPlan,
  SchemePlan,
  SecurityRequirement,
  ServerData,
  SpecIdentity,
  Tool as GeneratedTool,
  ToolAnnotations,
  ToolDefinition,
  ToolMeta,
  ToolsetInfo,
} from './data-types.js';

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
