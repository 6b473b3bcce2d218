/**
 * Tool descriptions written for agents: what the tool does, when to use it and when another
 * tool fits better (list vs get-by-id, search vs list), the parameters that matter, what comes
 * back and whether it changes anything — within a length budget, the API's own words first.
 */
import type { OperationInfo } from './operations.js';
import { words } from './select.js';
import { clip, normalizeSpace, stripMarkup } from './text.js';
import type { Category } from './types.js';

/** A selected tool as the description writer sees its neighbours. */
export interface ToolSketch {
  name: string;
  method: string;
  path: string;
  category: Category;
  operationId?: string;
}

/** What {@link describeTool} needs. */
export interface DescribeInput {
  op: OperationInfo;
  tool: ToolSketch;
  /** All selected tools (to point at better-fitting neighbours). */
  index: ToolIndex;
  requiredArgs: string[];
  optionalArgs: string[];
  responseDescription?: string;
  structured: boolean;
  maxLength: number;
}

/** `/pets/{id}` → `/pets`: the collection an item path belongs to, when it ends in one template. */
function parentCollection(path: string): string | undefined {
  const m = /^(.*)\/\{[^}/]+\}$/.exec(path);
  return m ? m[1] || '/' : undefined;
}

function isItem(path: string): boolean {
  return parentCollection(path) !== undefined;
}

/** A noun for the resource at a path: `/stores/{id}/pets/{petId}` → `pet`. */
function resourceNoun(path: string, item: boolean): string {
  const lit = path.split('/').filter((s) => s && !s.includes('{'));
  const last = lit[lit.length - 1] ?? 'item';
  const w = words(last).join(' ') || 'item';
  if (!item) return w;
  return w.endsWith('ies') ? w.slice(0, -3) + 'y' : w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/** The one-line summary: the API's summary, else the first sentence of its description, else method and path. */
export function toolTitle(op: OperationInfo): string {
  if (op.summary?.trim()) return clip(stripMarkup(op.summary), 120).replace(/\.$/, '');
  if (op.description) {
    const first = normalizeSpace(stripMarkup(op.description)).split(/(?<=\.)\s|\n/)[0] ?? '';
    if (first.trim()) return clip(first, 120).replace(/\.$/, '');
  }
  return `${op.method.toUpperCase()} ${op.path}`;
}

/** The selected tools indexed for neighbour look-ups (built once per plan, not per tool). */
export class ToolIndex {
  private readonly getByPath = new Map<string, ToolSketch>();
  private readonly itemsByCollection = new Map<string, ToolSketch>();
  private readonly searches: ToolSketch[];

  constructor(readonly tools: ToolSketch[]) {
    for (const t of tools) {
      if (t.method !== 'get') continue;
      if (!this.getByPath.has(t.path)) this.getByPath.set(t.path, t);
      const parent = parentCollection(t.path);
      if (parent !== undefined && !this.itemsByCollection.has(parent)) this.itemsByCollection.set(parent, t);
    }
    this.searches = tools.filter((t) => t.category === 'search');
  }

  /** Guidance on when to use this tool and when a neighbour fits better. */
  guidance(t: ToolSketch): string[] {
    const out: string[] = [];
    const parent = parentCollection(t.path);
    if (t.method === 'get' && parent === undefined) {
      const noun = resourceNoun(t.path, false);
      out.push(`Use it to list or page through ${noun}.`);
      const item = this.itemsByCollection.get(t.path);
      if (item && item !== t) out.push(`To fetch one by its id, use \`${item.name}\` instead.`);
      const search = this.searches.find((x) => x !== t && x.path.startsWith(t.path));
      if (search) out.push(`To find ${noun} by criteria, prefer \`${search.name}\`.`);
    } else if (t.method === 'get') {
      const noun = resourceNoun(t.path, true);
      out.push(`Use it when you already know the ${noun}'s identifier.`);
      const list = this.getByPath.get(parent!);
      if (list && list !== t) out.push(`To find ${resourceNoun(list.path, false)} without knowing the identifier, use \`${list.name}\` instead.`);
    } else if (t.category === 'search') {
      out.push('Use it to find records matching criteria.');
      const segs = t.path.split('/');
      for (let n = segs.length - 1; n > 0; n--) {
        const list = this.getByPath.get(segs.slice(0, n).join('/') || '/');
        if (list && !isItem(list.path)) {
          out.push(`For plain listing without criteria, use \`${list.name}\`.`);
          break;
        }
      }
    }
    return out;
  }
}

function effect(t: ToolSketch): string {
  if (t.category === 'read' || t.category === 'search') return 'Read-only: changes nothing.';
  if (t.category === 'workflow') return 'Starts a job, run or deployment in the API: call it only when the user asked for exactly that.';
  if (t.method === 'delete') return 'Destructive: deletes data in the API; it cannot be undone. Do not use it to read.';
  if (t.method === 'put') return 'Changes data: replaces the resource as a whole. Do not use it to read.';
  if (t.method === 'patch') return 'Changes data: updates the given fields. Do not use it to read.';
  return 'Changes data in the API. Do not use it to read.';
}

/** Response descriptions that only say the call worked. */
const EMPTY_RESPONSE_WORDS = /^\s*(?:ok|okay|no error|success(?:ful)?(?: (?:operation|response|request))?|succeeded|done|200|default|default response|response|no content|empty)\s*$/i;
/** "Success - …", "No error, …": the words before what the response holds. */
const SUCCESS_PREFIX = /^\s*(?:ok|okay|no error|success(?:ful)?(?: (?:operation|response|request))?|succeeded|done)\b[\s.,;:!–-]*/i;

/** Writes the description of one tool within `maxLength` characters. */
export function describeTool(d: DescribeInput): string {
  const { op, tool } = d;
  const tail: string[] = [...d.index.guidance(tool), effect(tool)];
  if (op.deprecated) tail.push('Deprecated by the API: prefer another tool when one fits.');
  const important = [...d.requiredArgs.map((a) => `\`${a}\` (required)`), ...d.optionalArgs.slice(0, Math.max(0, 4 - d.requiredArgs.length)).map((a) => `\`${a}\``)];
  if (important.length > 0) {
    const more = d.requiredArgs.length + d.optionalArgs.length - important.length;
    tail.push(`Key parameters: ${important.join(', ')}${more > 0 ? ` and ${more} more optional` : ''}.`);
  }
  // a response description that says only "OK", "No error", "Success" tells the agent nothing
  const said = d.responseDescription ? clip(stripMarkup(d.responseDescription), 160).replace(/\.$/, '') : undefined;
  const rest = said?.replace(SUCCESS_PREFIX, '');
  const returns = rest !== undefined && rest !== '' && !EMPTY_RESPONSE_WORDS.test(rest) ? rest.charAt(0).toUpperCase() + rest.slice(1) : undefined;
  if (returns) tail.push(`Returns: ${returns}${d.structured ? ' (JSON)' : ''}.`);
  else if (d.structured) tail.push('Returns JSON.');

  const tailText = tail.join(' ');
  const title = toolTitle(op);
  const body = op.description ? normalizeSpace(stripMarkup(op.description)) : '';
  const head = body && !body.startsWith(title) ? `${title}. ${body}` : body || `${title}.`;
  const room = d.maxLength - tailText.length - 2;
  if (room < 40) return clip(`${title}. ${tailText}`, d.maxLength);
  return `${clip(head, room)}\n\n${tailText}`;
}
