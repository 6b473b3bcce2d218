/**
 * Loading rulesets written in Spectral's format: apictl's own (core + packs, flattened into one
 * definition so packs re-tune core rules instead of copying them), which apictl's runner runs
 * (src/lint/runner), and the ones a team extends (`spectral:oas`, a `.spectral.yaml`), which
 * Spectral runs, their functions wrapped by the run guard.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseYamlFast } from '../document/yaml-fast.js';
import { yamlLib } from '../document/yaml.js';
import { InputError } from '../errors.js';
import type { Severity } from '../findings/finding.js';
import { guardFunction } from './guard.js';
import { BUILTINS, type RuleFunction } from './runner/builtin.js';
import type { OwnRule } from './runner/run.js';
import { compileSelector, SelectorError } from './runner/select.js';
import { installedSpectral, OWN_FUNCTIONS_DIR, spectralModules, type SpectralModules } from './spectral.js';
import { CORE_RULESET, PACKS, PACKS_DIR, RULESETS_DIR, type PackName } from './paths.js';
import { VALIDATION_RULES, validationRule } from '../validate/rules.js';
import { speedup } from '../util/speed.js';

export type Category = 'style' | 'security' | 'performance' | 'compliance' | 'validation';

/** What apictl knows about one rule beyond Spectral's definition. */
export interface RuleMeta {
  name: string;
  category: Category;
  /** Pack that defines the rule (core rules: undefined). */
  pack?: PackName;
  /** Packs that re-tune it. */
  tunedBy: PackName[];
  description: string;
  message?: string;
  severity: Severity;
  fix?: string;
  /** The ruleset file it comes from. */
  file: string;
  enabled: boolean;
}

type RuleDef = Record<string, unknown> & { then?: unknown; severity?: unknown; given?: unknown; description?: string; message?: string };
type RulesetDef = { aliases?: Record<string, unknown>; rules: Record<string, RuleDef | string | boolean>; extends?: unknown[]; formats?: unknown[] } & Record<string, unknown>;

export interface RuleOverride {
  severity?: Severity | 'off';
  /** Merged into every `then.functionOptions` of the rule. */
  options?: Record<string, unknown>;
}

export interface RulesetConfig {
  packs?: string[];
  rules?: Record<string, Severity | 'off' | boolean | RuleOverride>;
  /** Spectral rulesets to add: `spectral:oas`, or paths to `.spectral.yaml` files. */
  extends?: string[];
  /** Folder relative paths in `extends` are resolved against. */
  baseDir?: string;
  /**
   * False refuses every rule function an extended ruleset names (JavaScript in the repository
   * under review); its other rules still load. apictl's own functions are part of apictl.
   */
  allowCode?: boolean;
}

export interface LoadedRuleset {
  /** apictl's own enabled rules, in definition order, for its runner. */
  own: OwnRule[];
  /** Spectral's Ruleset of the rules of extended rulesets, when the config extends any. */
  spectral?: unknown;
  /** Severities the config set for rules of extended rulesets (-1: off), applied to their results. */
  extendedSeverity: Map<string, number>;
  meta: Map<string, RuleMeta>;
  version: string;
  /** Hash of enabled rule ids, severities and options. */
  fingerprint: string;
  packs: PackName[];
  /** True when some enabled rule (from an extended Spectral ruleset) needs the resolved document. */
  needsResolved: boolean;
  /** The Spectral the extended rulesets were built with: their run uses the same. */
  modules: SpectralModules;
  /** What it was loaded from (a rules lane loads the same: src/lint/lane.ts). */
  config: RulesetConfig;
}

const SEVERITIES = new Set(['error', 'warn', 'info', 'hint', 'off']);

/** Parses the text of a ruleset file (YAML or JSON). Throws on syntax errors. */
export function parseRulesetText(text: string, file: string): Record<string, unknown> {
  // The fast path parses our own rulesets faster; the exact one words errors in others'.
  const v: unknown = file.endsWith('.json') ? JSON.parse(text) : (parseYamlFast(text, 64)?.value ?? yamlLib().parse(text, { uniqueKeys: true, maxAliasCount: 100 }));
  if (v === null || typeof v !== 'object') throw new Error('not a mapping');
  return v as Record<string, unknown>;
}

/**
 * apictl's own ruleset files, parsed at build time (scripts/snapshot-rulesets.mjs): path relative
 * to rulesets/ → sha256 of the text and the parsed value. Used only while the text still hashes
 * the same, so an edited ruleset is always read from its YAML. Spares parsing that YAML every run.
 */
export const RULESET_SNAPSHOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'rulesets.snapshot.json');
type Snapshot = Record<string, { sha256: string; value: Record<string, unknown> }>;
let snapshot: Snapshot | null | undefined;
/** The parsed value of an own ruleset file from the snapshot (a copy), if the snapshot has this very text. */
export function fromSnapshot(file: string, text: string): Record<string, unknown> | undefined {
  if (snapshot === undefined) {
    try {
      // APICTL_NO_SNAPSHOT=1: always parse the YAML (bench and debugging switch)
      snapshot = !speedup('snapshot') ? null : (JSON.parse(readFileSync(RULESET_SNAPSHOT, 'utf8')) as Snapshot);
    } catch {
      snapshot = null;
    }
  }
  const entry = snapshot?.[path.relative(RULESETS_DIR, file).split(path.sep).join('/')];
  // a copy: the loader builds on the definition it gets
  return entry && entry.sha256 === textHash(text) ? structuredClone(entry.value) : undefined;
}

export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function readYamlFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new InputError('cannot read ruleset', { file, line: 0, column: 0 });
  }
  const snap = fromSnapshot(file, text);
  if (snap) return snap;
  try {
    return parseRulesetText(text, file);
  } catch (err) {
    throw new InputError(`invalid ruleset: ${(err as Error).message.split('\n')[0]}`, { file, line: 0, column: 0 });
  }
}

/**
 * Replaces function names in a rule's `then` with implementations: for apictl's own rules, its
 * functions and its versions of Spectral's core functions (runner/builtin.ts); for extended
 * rulesets, their functions and Spectral's, each wrapped by the run guard.
 */
async function resolveThen(modules: SpectralModules, then: unknown, file: string, fnDir: string, declared: Set<string>, ruleName: string, allowCode: boolean, own: boolean): Promise<unknown> {
  const one = async (t: unknown): Promise<unknown> => {
    if (t === null || typeof t !== 'object') return t;
    const entry = { ...(t as Record<string, unknown>) };
    const name = entry.function;
    if (typeof name === 'string') {
      let fn: unknown;
      const bundled = declared.has(name) && fnDir === OWN_FUNCTIONS_DIR ? modules.ownFunctions?.[name] : undefined;
      if (typeof bundled === 'function') {
        fn = bundled;
      } else if (declared.has(name)) {
        const p = path.join(fnDir, `${name}.js`);
        if (!allowCode) {
          throw new InputError(`rule '${ruleName}' runs JavaScript (${p}), and code from configs and rulesets is off (--no-config-code or APICTL_NO_CONFIG_CODE=1)`, { file, line: 0, column: 0 });
        }
        if (!existsSync(p)) throw new InputError(`rule '${ruleName}' uses function '${name}' but ${p} does not exist`, { file, line: 0, column: 0 });
        fn = ((await import(pathToFileURL(p).href)) as { default: unknown }).default;
      } else {
        fn = own ? BUILTINS[name] : modules.coreFunction(name);
      }
      if (typeof fn !== 'function') throw new InputError(`rule '${ruleName}' uses unknown function '${name}'`, { file, line: 0, column: 0 });
      entry.function = own ? fn : guardFunction(fn as Parameters<typeof guardFunction>[0]);
    } else if (typeof name === 'function') {
      entry.function = own ? name : guardFunction(name as Parameters<typeof guardFunction>[0]);
    }
    return entry;
  };
  return Array.isArray(then) ? Promise.all(then.map(one)) : one(then);
}

async function resolveRuleFunctions(modules: SpectralModules, def: Record<string, unknown>, file: string, allowCode: boolean, own: boolean): Promise<RulesetDef> {
  const declared = new Set(Array.isArray(def.functions) ? (def.functions as string[]) : []);
  const fnDir = path.resolve(path.dirname(file), typeof def.functionsDir === 'string' ? def.functionsDir : 'functions');
  const rules: Record<string, RuleDef | string | boolean> = {};
  const entries = Object.entries((def.rules ?? {}) as Record<string, unknown>);
  // Every rule's functions are imported at once (module loading overlaps: less CPU and wall time
  // than one import after the other); errors surface in rule order.
  const settled = await Promise.allSettled(
    entries.map(async ([name, rule]) => {
      if (rule !== null && typeof rule === 'object' && !Array.isArray(rule)) {
        const r = { ...(rule as RuleDef) };
        if (r.then !== undefined) r.then = await resolveThen(modules, r.then, file, fnDir, declared, name, allowCode, own);
        return r;
      }
      return rule as string | boolean;
    }),
  );
  entries.forEach(([name], i) => {
    const outcome = settled[i]!;
    if (outcome.status === 'rejected') throw outcome.reason;
    rules[name] = outcome.value;
  });
  const { functions: _f, functionsDir: _d, extends: _e, ...rest } = def;
  return { ...rest, rules } as RulesetDef;
}

function categoryOf(rule: RuleDef): Category {
  const x = rule['x-apictl'] as { category?: string } | undefined;
  const c = x?.category;
  return c === 'security' || c === 'performance' || c === 'compliance' ? c : 'style';
}

function normaliseSeverity(s: unknown): Severity {
  if (s === 'error' || s === 0) return 'error';
  if (s === 'info' || s === 2) return 'info';
  if (s === 'hint' || s === 3) return 'hint';
  return 'warn';
}

function severityRank(s: unknown): number {
  return s === 'off' ? 9 : (({ error: 0, warn: 1, info: 2, hint: 3 } as Record<string, number>)[String(s)] ?? 1);
}

/** Merges two packs' `then` for one rule: same function → options merged (arrays united, later scalars win). */
function mergeThen(a: unknown, b: unknown): unknown {
  const as = Array.isArray(a) ? a : [a];
  const bs = Array.isArray(b) ? b : [b];
  const merged = bs.map((t, i) => {
    const prev = as[i] as { function?: unknown; functionOptions?: Record<string, unknown> } | undefined;
    const cur = t as { function?: unknown; functionOptions?: Record<string, unknown> };
    if (!prev || prev.function !== cur.function || !prev.functionOptions || !cur.functionOptions) return cur;
    const options: Record<string, unknown> = { ...prev.functionOptions };
    for (const [k, v] of Object.entries(cur.functionOptions)) {
      const before = options[k];
      options[k] = Array.isArray(before) && Array.isArray(v) ? [...new Set([...before, ...v])] : v;
    }
    return { ...cur, functionOptions: options };
  });
  return Array.isArray(b) ? merged : merged[0];
}

/** apictl's own style guide, its enabled packs merged in (pack rules added, core rules re-tuned). */
async function loadApictlDefinition(modules: SpectralModules, packs: PackName[]): Promise<{ def: RulesetDef; meta: Map<string, RuleMeta>; version: string }> {
  const rootRaw = readYamlFile(CORE_RULESET);
  const version = String(rootRaw['x-apictl-version'] ?? '0.0.0');
  const files = ((rootRaw.extends ?? []) as string[]).map((e) => path.resolve(path.dirname(CORE_RULESET), e));
  const merged: RulesetDef = { aliases: {}, rules: {} };
  const meta = new Map<string, RuleMeta>();
  const addFile = (file: string, def: RulesetDef, pack?: PackName): void => {
    Object.assign(merged.aliases!, def.aliases ?? {});
    for (const [name, rule] of Object.entries(def.rules)) {
      const existing = merged.rules[name];
      // A pack entry naming an existing core rule re-tunes it even when it carries `given` (Spectral's
      // own ruleset schema requires `given` and `then` on every rule object, so a pack that changes a
      // rule's options must repeat its `given` to stay loadable by Spectral CLI; Spectral merges it
      // into the existing rule the same way).
      if (typeof rule === 'object' && rule.given !== undefined && !(pack && existing !== undefined)) {
        if (existing !== undefined) throw new InputError(`rule '${name}' is defined twice`, { file, line: 0, column: 0 });
        merged.rules[name] = rule;
        meta.set(name, {
          name,
          category: categoryOf(rule),
          pack,
          tunedBy: [],
          description: rule.description ?? '',
          message: rule.message,
          severity: normaliseSeverity(rule.severity),
          fix: (rule['x-apictl'] as { fix?: string } | undefined)?.fix,
          file,
          enabled: rule.severity !== 'off',
        });
        continue;
      }
      // A re-tuning of an existing rule (Spectral's merge semantics: severity, or replaced keys).
      if (existing === undefined || typeof existing !== 'object') {
        throw new InputError(`'${name}' re-tunes a rule that does not exist`, { file, line: 0, column: 0 });
      }
      const m = meta.get(name)!;
      if (pack && !m.tunedBy.includes(pack)) m.tunedBy.push(pack);
      if (typeof rule === 'string') {
        merged.rules[name] = { ...existing, severity: rule };
        m.severity = normaliseSeverity(rule);
        m.enabled = rule !== 'off';
      } else if (typeof rule === 'boolean') {
        m.enabled = rule;
        merged.rules[name] = { ...existing, severity: rule ? existing.severity : 'off' };
      } else {
        // A second pack re-tuning the same rule adds to the first one's options instead of
        // replacing them (PSD2 and FHIR paging names both accepted), and keeps the stricter severity.
        const earlierPacks = m.tunedBy.filter((p) => p !== pack);
        const next: RuleDef = { ...existing, ...rule };
        if (earlierPacks.length > 0 && rule.then !== undefined && existing.then !== undefined) next.then = mergeThen(existing.then, rule.then);
        if (earlierPacks.length > 0 && rule.severity !== undefined && existing.severity !== undefined && severityRank(existing.severity) < severityRank(rule.severity)) {
          next.severity = existing.severity;
        }
        merged.rules[name] = next;
        if (next.severity !== undefined) {
          m.severity = normaliseSeverity(next.severity);
          m.enabled = next.severity !== 'off';
        }
      }
    }
  };
  // Read and resolve every file at once, merge them in order (errors surface in that order too).
  const sources: Array<{ file: string; pack?: PackName }> = [...files.map((file) => ({ file })), ...packs.map((p) => ({ file: path.join(PACKS_DIR, `${p}.yaml`), pack: p }))];
  const settled = await Promise.allSettled(sources.map(async ({ file }) => resolveRuleFunctions(modules, readYamlFile(file), file, true, true)));
  sources.forEach(({ file, pack }, i) => {
    const outcome = settled[i]!;
    if (outcome.status === 'rejected') throw outcome.reason;
    addFile(file, outcome.value, pack);
  });
  return { def: merged, meta, version };
}

/** Applies a team's rule settings (severity, options, off) to the flattened definition. */
function applyOverrides(def: RulesetDef, meta: Map<string, RuleMeta>, overrides: RulesetConfig['rules'], where: string): Record<string, RuleOverride> {
  // Rules of extended Spectral rulesets are re-tuned once Spectral has built them.
  const later: Record<string, RuleOverride> = {};
  for (const [name, o] of Object.entries(overrides ?? {})) {
    const rule = def.rules[name];
    if (rule === undefined || typeof rule !== 'object') {
      later[name] = typeof o === 'string' ? { severity: o } : typeof o === 'boolean' ? { severity: o ? undefined : 'off' } : o;
      continue;
    }
    const m = meta.get(name)!;
    const ov: RuleOverride = typeof o === 'string' ? { severity: o } : typeof o === 'boolean' ? { severity: o ? m.severity : 'off' } : o;
    if (ov.severity !== undefined) {
      if (!SEVERITIES.has(ov.severity)) throw new InputError(`rule '${name}': severity must be error, warn, info, hint or off`, { file: where, line: 0, column: 0 });
      def.rules[name] = { ...rule, severity: ov.severity };
      m.enabled = ov.severity !== 'off';
      if (ov.severity !== 'off') m.severity = ov.severity;
    }
    if (ov.options) {
      const then = (def.rules[name] as RuleDef).then;
      const merge = (t: unknown) => ({ ...(t as object), functionOptions: { ...((t as { functionOptions?: object }).functionOptions ?? {}), ...ov.options } });
      (def.rules[name] as RuleDef).then = Array.isArray(then) ? then.map(merge) : merge(then);
    }
  }
  return later;
}

/** Loads a Spectral ruleset a team extends: `spectral:oas` etc., or a local file (its own relative extends and functions included). */
async function loadExternal(modules: SpectralModules, spec: string, baseDir: string, allowCode: boolean): Promise<unknown> {
  if (spec.startsWith('spectral:')) {
    const sets = modules.rulesets();
    const name = spec.slice('spectral:'.length);
    const rs = sets[name];
    if (!rs) throw new InputError(`unknown Spectral ruleset '${spec}' (known: spectral:oas, spectral:asyncapi, spectral:arazzo)`);
    return rs;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(spec)) throw new InputError(`refusing to load ruleset '${spec}': rulesets are read from local files only`);
  const file = path.resolve(baseDir, spec);
  if (!existsSync(file)) throw new InputError(`ruleset '${spec}' not found`, { file, line: 0, column: 0 });
  const raw = readYamlFile(file);
  const def = await resolveRuleFunctions(modules, raw, file, allowCode, false);
  const ext = raw.extends === undefined ? [] : Array.isArray(raw.extends) ? raw.extends : [raw.extends];
  const extended = [];
  for (const e of ext) {
    if (typeof e === 'string') extended.push(await loadExternal(modules, e, path.dirname(file), allowCode));
    else if (Array.isArray(e) && typeof e[0] === 'string') extended.push([await loadExternal(modules, e[0], path.dirname(file), allowCode), e[1]]);
  }
  return extended.length > 0 ? { ...def, extends: extended } : def;
}

/** The complete ruleset for a run: core + packs + team overrides + extended Spectral rulesets. */
export async function loadRuleset(config: RulesetConfig = {}): Promise<LoadedRuleset> {
  const packs: PackName[] = [];
  for (const p of config.packs ?? []) {
    if (!(PACKS as readonly string[]).includes(p)) throw new InputError(`unknown pack '${p}' (packs: ${PACKS.join(', ')})`);
    if (!packs.includes(p as PackName)) packs.push(p as PackName);
  }
  // apictl's own functions come from the engine bundle; extended rulesets (Spectral's, or a team's
  // with functions importing spectral-core themselves) run on the packages as installed.
  const modules = (config.extends ?? []).length === 0 ? spectralModules() : installedSpectral();
  const { def, meta, version } = await loadApictlDefinition(modules, packs);
  const where = config.baseDir ? path.join(config.baseDir, '<config>') : '<config>';
  const validationOverrides = Object.fromEntries(Object.entries(config.rules ?? {}).filter(([name]) => validationRule(name) !== undefined));
  // (a check's severity also reaches an extended ruleset's rule of the same name: spectral:oas has an oas3-schema too)
  const later = applyOverrides(def, meta, config.rules, where);
  const extended: unknown[] = [];
  for (const e of config.extends ?? []) extended.push(await loadExternal(modules, e, config.baseDir ?? process.cwd(), config.allowCode !== false));

  // Extended rulesets: Spectral builds and runs them. A rule of theirs with the name of one of
  // ours replaces ours, as a later ruleset's rule does in Spectral.
  let spectral: { rules: Record<string, SpectralRule> } | undefined;
  if (extended.length > 0) {
    const { Ruleset } = modules.core() as unknown as typeof import('@stoplight/spectral-core');
    try {
      spectral = new Ruleset({ extends: extended, rules: {} } as ConstructorParameters<typeof Ruleset>[0], { severity: 'recommended', source: CORE_RULESET }) as unknown as typeof spectral;
    } catch (err) {
      throw new InputError(`invalid ruleset: ${errorDetail(err)}`);
    }
  }
  const extendedRules = spectral?.rules ?? {};
  const extendedSeverity = new Map<string, number>();
  for (const [name, ov] of Object.entries(later)) {
    const r = extendedRules[name];
    if (!r && validationRule(name) !== undefined) continue;
    if (!r) throw new InputError(`unknown rule '${name}' (see: apictl rules)`, { file: where, line: 0, column: 0 });
    if (ov.options && validationRule(name) === undefined)
      throw new InputError(`rule '${name}' comes from an extended ruleset: only its severity can be changed here`, { file: where, line: 0, column: 0 });
    if (ov.severity !== undefined) {
      if (!SEVERITIES.has(ov.severity)) throw new InputError(`rule '${name}': severity must be error, warn, info, hint or off`, { file: where, line: 0, column: 0 });
      extendedSeverity.set(name, SEVERITY_NUMBER[ov.severity]!);
    }
  }

  // What the fingerprint and the meta read of every rule: ours from the definition, extended ones from Spectral's.
  const view: Record<string, { enabled: boolean; severity: number; then: unknown }> = {};
  for (const [name, rule] of Object.entries(def.rules)) {
    if (typeof rule !== 'object' || Object.hasOwn(extendedRules, name)) continue;
    const severity = SEVERITY_NUMBER[String(rule.severity ?? 'warn')] ?? 1;
    view[name] = { enabled: severity !== -1, severity, then: Array.isArray(rule.then) ? rule.then : [rule.then] };
  }
  let needsResolved = false;
  for (const [name, r] of Object.entries(extendedRules)) {
    const severity = extendedSeverity.get(name) ?? (typeof r.severity === 'number' ? r.severity : (SEVERITY_NUMBER[String(r.severity)] ?? 1));
    const enabled = r.enabled && severity !== -1;
    view[name] = { enabled, severity, then: r.then };
    if (!meta.has(name)) {
      meta.set(name, {
        name,
        category: 'style',
        tunedBy: [],
        description: r.description ?? '',
        message: r.message ?? undefined,
        severity: normaliseSeverity(severity),
        file: '(extended ruleset)',
        enabled,
      });
    }
    if (enabled && r.resolved) needsResolved = true;
  }
  for (const [name, v] of Object.entries(view)) {
    const m = meta.get(name)!;
    m.enabled = v.enabled;
    if (v.enabled) m.severity = normaliseSeverity(v.severity);
  }

  const own: OwnRule[] = [];
  for (const [name, rule] of Object.entries(def.rules)) {
    if (typeof rule !== 'object' || !view[name]?.enabled || Object.hasOwn(extendedRules, name)) continue;
    own.push(ownRule(name, rule, view[name]!.severity, def.aliases ?? {}, where));
  }
  const tunedChecks = addValidationRules(meta, validationOverrides, where);
  const fingerprint = fingerprintOf(view, version, packs, tunedChecks);
  return { own, ...(spectral ? { spectral } : {}), extendedSeverity, meta, version, fingerprint, packs, needsResolved, modules, config };
}

interface SpectralRule {
  enabled: boolean;
  severity: number | string;
  description: string | null;
  message: string | null;
  resolved: boolean;
  then: unknown;
}

const SEVERITY_NUMBER: Record<string, number> = { error: 0, warn: 1, info: 2, hint: 3, off: -1 };

function errorDetail(err: unknown): string {
  const e = err as Error & { errors?: Error[] };
  return e.errors?.map((x) => x.message).join('; ') ?? e.message;
}

/** One of our rule definitions, ready for the runner: aliases expanded, selectors compiled, options checked. */
function ownRule(name: string, rule: RuleDef, severity: number, aliases: Record<string, unknown>, where: string): OwnRule {
  const expand = (g: unknown): string[] => {
    if (typeof g !== 'string') throw new InputError(`rule '${name}': given must be a JSONPath expression`, { file: where, line: 0, column: 0 });
    const alias = /^#([A-Za-z0-9_-]+)(.*)$/.exec(g);
    if (!alias) return [g];
    const target = aliases[alias[1]!];
    if (target === undefined) throw new InputError(`rule '${name}': unknown alias '#${alias[1]}'`, { file: where, line: 0, column: 0 });
    return (Array.isArray(target) ? target : [target]).flatMap(expand).map((t) => t + alias[2]);
  };
  const given = (Array.isArray(rule.given) ? rule.given : [rule.given]).flatMap(expand);
  const thens = (Array.isArray(rule.then) ? rule.then : [rule.then]) as Array<{ field?: string; function: RuleFunction; functionOptions?: unknown }>;
  try {
    for (const t of thens) t.function.validator?.(t.functionOptions ?? null);
    return {
      name,
      given: given.map(compileSelector),
      then: thens.map((t) => ({ ...(t.field !== undefined ? { field: t.field } : {}), fn: t.function, options: t.functionOptions ?? null })),
      message: typeof rule.message === 'string' ? rule.message : null,
      description: typeof rule.description === 'string' ? rule.description : null,
      severity,
    };
  } catch (err) {
    if (err instanceof SelectorError) throw new InputError(`rule '${name}': ${err.message}`, { file: where, line: 0, column: 0 });
    throw new InputError(`invalid ruleset: ${errorDetail(err)}`);
  }
}

/**
 * The checks of validation and loading (src/validate/rules.ts) as rules of the set, with the
 * config's severities; returns `name severity` of each one the config changed (the fingerprint
 * hashes those: untouched checks leave it as it was before they were listed).
 */
function addValidationRules(meta: Map<string, RuleMeta>, overrides: NonNullable<RulesetConfig['rules']>, where: string): string[] {
  const tuned: string[] = [];
  for (const v of VALIDATION_RULES) {
    const m: RuleMeta = { name: v.code, category: 'validation', tunedBy: [], description: v.description, severity: v.severity, fix: v.fix, file: '(validation)', enabled: true };
    const o = overrides[v.code];
    const severity = typeof o === 'string' ? o : typeof o === 'boolean' ? (o ? undefined : 'off') : o?.severity;
    if (o !== null && typeof o === 'object' && o.options !== undefined) {
      throw new InputError(`rule '${v.code}' is a validation check: only its severity can be changed`, { file: where, line: 0, column: 0 });
    }
    if (severity !== undefined) {
      if (!SEVERITIES.has(severity)) throw new InputError(`rule '${v.code}': severity must be error, warn, info, hint or off`, { file: where, line: 0, column: 0 });
      m.enabled = severity !== 'off';
      if (severity !== 'off') m.severity = severity;
      tuned.push(`${v.code} ${severity}`);
    }
    meta.set(v.code, m);
  }
  return tuned;
}

function fingerprintOf(rules: Record<string, { enabled: boolean; severity: number; then: unknown }>, version: string, packs: string[], tunedChecks: string[] = []): string {
  const h = createHash('sha256');
  h.update(`apictl-ruleset ${version} packs=${packs.join(',')}\n`);
  for (const t of tunedChecks) h.update(`check ${t}\n`);
  for (const name of Object.keys(rules).sort()) {
    const r = rules[name]!;
    if (!r.enabled) continue;
    const thens = (Array.isArray(r.then) ? r.then : [r.then]) as Array<{ function?: { name?: string }; functionOptions?: unknown; field?: unknown }>;
    h.update(`${name} ${r.severity} ${JSON.stringify(thens.map((t) => [t.function?.name, t.field, t.functionOptions]))}\n`);
  }
  return h.digest('hex').slice(0, 16);
}
