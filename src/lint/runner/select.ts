/**
 * The `given` of apictl's own rules: the subset of JSONPath its rulesets use, evaluated over the
 * document as written, every match in document order (as Spectral's traversal reports them).
 *
 *   $  .name  ['name']  [*]  [a,b,c]  [?(filter)]  and a trailing ~ (the matched keys themselves)
 *
 * A filter is `@`, `@.name`, string literals, `==`, `!=`, `&&`, `||`, `!` and parentheses. Anything
 * else is refused when the ruleset loads: a rule must never silently select nothing.
 */

type Step = { kind: 'member'; name: string } | { kind: 'any' } | { kind: 'union'; names: Set<string> } | { kind: 'filter'; test: (value: unknown) => boolean };

export interface Selector {
  /** The expression as written (for messages). */
  source: string;
  steps: Step[];
  /** `~`: the match is the key, not the value. */
  key: boolean;
}

export class SelectorError extends Error {}

export function compileSelector(source: string): Selector {
  let rest = source.trim();
  if (!rest.startsWith('$')) throw new SelectorError(`a given must start with $: ${source}`);
  rest = rest.slice(1);
  const key = rest.endsWith('~');
  if (key) rest = rest.slice(0, -1);
  const steps: Step[] = [];
  while (rest.length > 0) {
    let m: RegExpExecArray | null;
    if ((m = /^\.([A-Za-z_$][\w$-]*)/.exec(rest))) {
      steps.push({ kind: 'member', name: m[1]! });
    } else if ((m = /^\.\*|^\[\*\]/.exec(rest))) {
      steps.push({ kind: 'any' });
    } else if ((m = /^\[\?\((.*?)\)\](?=$|[.[])/.exec(rest))) {
      steps.push({ kind: 'filter', test: compileFilter(m[1]!, source) });
    } else if ((m = /^\[((?:'[^']*'|"[^"]*"|[\w$-]+)(?:\s*,\s*(?:'[^']*'|"[^"]*"|[\w$-]+))*)\]/.exec(rest))) {
      const names = m[1]!.split(',').map((n) => n.trim().replace(/^(['"])(.*)\1$/, '$2'));
      steps.push(names.length === 1 ? { kind: 'member', name: names[0]! } : { kind: 'union', names: new Set(names) });
    } else {
      throw new SelectorError(`unsupported JSONPath in given '${source}' at '${rest}'`);
    }
    rest = rest.slice(m[0].length);
  }
  return { source, steps, key };
}

const isContainer = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/**
 * Calls `visit` for each match of each selector, in document order (depth first, keys in their
 * order); a node several selectors match is visited once per selector, in the selectors' order.
 */
export type Path = Array<string | number>;
type Visit = (path: Path, value: unknown) => void;

export function select(root: unknown, selectors: readonly Selector[], visit: Visit): void {
  if (selectors.length === 1) {
    walk(root, selectors[0]!, 0, [], visit);
    return;
  }
  // Several expressions (an alias): one walk over the states of all of them, so that matches come
  // in document order across the expressions too.
  walkMany(
    root,
    selectors.map((s) => ({ s, i: 0 })),
    [],
    visit,
  );
}

function matchesStep(step: Step, key: string, value: unknown): boolean {
  switch (step.kind) {
    case 'member':
      return key === step.name;
    case 'any':
      return true;
    case 'union':
      return step.names.has(key);
    case 'filter':
      return step.test(value);
  }
}

function emit(s: Selector, path: Path, value: unknown, visit: Visit): void {
  if (s.key) {
    if (path.length > 0) visit(path, path[path.length - 1]);
  } else {
    visit(path, value);
  }
}

/** The members of a container in order: an array's indices as numbers (as Spectral's paths carry them). */
function* members(node: Record<string, unknown>): Generator<[string, string | number, unknown]> {
  if (Array.isArray(node)) for (const [i, v] of (node as unknown[]).entries()) yield [String(i), i, v];
  else for (const k of Object.keys(node)) yield [k, k, node[k]];
}

function walk(node: unknown, s: Selector, i: number, path: Path, visit: Visit): void {
  if (i === s.steps.length) {
    emit(s, path, node, visit);
    return;
  }
  if (!isContainer(node)) return;
  const step = s.steps[i]!;
  if (step.kind === 'member' && !Array.isArray(node)) {
    if (Object.hasOwn(node, step.name)) walk(node[step.name], s, i + 1, [...path, step.name], visit);
    return;
  }
  for (const [k, seg, v] of members(node)) if (matchesStep(step, k, v)) walk(v, s, i + 1, [...path, seg], visit);
}

function walkMany(node: unknown, states: Array<{ s: Selector; i: number }>, path: Path, visit: Visit): void {
  for (const st of states) if (st.i === st.s.steps.length) emit(st.s, path, node, visit);
  const open = states.filter((st) => st.i < st.s.steps.length);
  if (open.length === 0 || !isContainer(node)) return;
  for (const [k, seg, v] of members(node)) {
    const next: Array<{ s: Selector; i: number }> = [];
    for (const st of open) if (matchesStep(st.s.steps[st.i]!, k, v)) next.push({ s: st.s, i: st.i + 1 });
    if (next.length > 0) walkMany(v, next, [...path, seg], visit);
  }
}

// ---- filters ----

type Token = { t: 'at' } | { t: 'dot'; name: string } | { t: 'str'; value: string } | { t: 'op'; op: string } | { t: '(' } | { t: ')' };

function tokenize(text: string, source: string): Token[] {
  const out: Token[] = [];
  let rest = text;
  while ((rest = rest.trimStart()).length > 0) {
    let m: RegExpExecArray | null;
    if (rest.startsWith('@')) {
      out.push({ t: 'at' });
      rest = rest.slice(1);
    } else if ((m = /^\.([A-Za-z_$][\w$-]*)/.exec(rest))) {
      out.push({ t: 'dot', name: m[1]! });
      rest = rest.slice(m[0].length);
    } else if ((m = /^'([^']*)'|^"([^"]*)"/.exec(rest))) {
      out.push({ t: 'str', value: m[1] ?? m[2]! });
      rest = rest.slice(m[0].length);
    } else if ((m = /^(===|!==|==|!=|&&|\|\||!)/.exec(rest))) {
      out.push({ t: 'op', op: m[1]! });
      rest = rest.slice(m[0].length);
    } else if (rest[0] === '(' || rest[0] === ')') {
      out.push({ t: rest[0] });
      rest = rest.slice(1);
    } else {
      throw new SelectorError(`unsupported filter in given '${source}' at '${rest}'`);
    }
  }
  return out;
}

type Expr = (at: unknown) => unknown;

/** A filter as a function of `@`, with JavaScript's truthiness and loose equality on strings (what Spectral's evaluator gives for these forms). */
function compileFilter(text: string, source: string): (value: unknown) => boolean {
  const tokens = tokenize(text, source);
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];
  const fail = (): never => {
    throw new SelectorError(`unsupported filter in given '${source}'`);
  };
  const primary = (): Expr => {
    const tok = tokens[pos++];
    if (!tok) return fail();
    if (tok.t === '(') {
      const e = or();
      if (tokens[pos++]?.t !== ')') fail();
      return e;
    }
    if (tok.t === 'str') return () => tok.value;
    if (tok.t === 'op' && tok.op === '!') {
      const e = primary();
      return (at) => !e(at);
    }
    if (tok.t === 'at') {
      const names: string[] = [];
      for (let p = peek(); p?.t === 'dot'; p = peek()) {
        names.push(p.name);
        pos++;
      }
      return (at) => {
        let v = at;
        for (const n of names) {
          if (!isContainer(v)) return undefined;
          v = Object.hasOwn(v, n) ? v[n] : undefined;
        }
        return v;
      };
    }
    return fail();
  };
  const equality = (): Expr => {
    let left = primary();
    for (let p = peek(); p?.t === 'op' && ['==', '===', '!=', '!=='].includes(p.op); p = peek()) {
      pos++;
      const l = left;
      const r = primary();
      const op = p.op;
      // the loose forms compare as JavaScript does (Spectral's evaluator is JavaScript)
      // biome-ignore lint/suspicious/noDoubleEquals: the loose forms are JavaScript's loose equality, on purpose
      left = op === '==' ? (at) => l(at) == r(at) : op === '!=' ? (at) => l(at) != r(at) : op === '===' ? (at) => l(at) === r(at) : (at) => l(at) !== r(at);
    }
    return left;
  };
  const and = (): Expr => {
    let left = equality();
    while (peek()?.t === 'op' && (peek() as { op: string }).op === '&&') {
      pos++;
      const l = left;
      const r = equality();
      left = (at) => l(at) && r(at);
    }
    return left;
  };
  const or = (): Expr => {
    let left = and();
    while (peek()?.t === 'op' && (peek() as { op: string }).op === '||') {
      pos++;
      const l = left;
      const r = and();
      left = (at) => l(at) || r(at);
    }
    return left;
  };
  const expr = or();
  if (pos !== tokens.length) fail();
  return (value) => Boolean(expr(value));
}
