/**
 * The lint configuration file: discovery, strict loading with positions, and per-path rules.
 *
 * Found from the current folder upward, stopping at the repository root (the folder holding
 * `.git`, which is still searched) or the filesystem root; the first folder with one of these
 * names wins (two of them in one folder is an error, not a guess):
 *   .apictl.yaml  .apictl.yml  apictl.config.yaml  apictl.config.yml  apictl.config.json
 *
 * ```yaml
 * extends: spectral:oas            # or a list: [spectral:oas, ./.spectral.yaml]; local files
 *                                  # are resolved against this file's folder; URLs are refused
 * packs: [psd2, gdpr]              # compliance packs: psd2, fhir, r155, gdpr
 * rules:                           # rule id → error | warn | info | hint | off | true | false
 *   operation-id-required: error   #           or { severity?, options? }
 *   info-contact: off
 *   pagination-required:
 *     severity: warn
 *     options: { anyOf: [[page, size]] }   # merged into the rule's function options
 * overrides:                       # later entries win; globs relative to this file's folder
 *   - files: ["legacy/**\/*.yaml", "specs/{old,older}/*.json"]
 *     rules:
 *       info-contact: off
 * failSeverity: warn               # error (default) | warn | info | hint
 * baseline: .apictl-baseline.json  # relative to this file's folder
 * formats: [stylish, sarif]        # default output formats
 * ```
 *
 * Every key is checked: a misspelt key would otherwise silently do nothing, so unknown keys and
 * wrong types are InputErrors at `file:line:col`. A team's `.spectral.yaml` is never picked up
 * on its own; it is added with `extends`. Pagination and other rule settings are rule options
 * (`rules.<id>.options`), not keys of their own.
 * Globs: `*` and `?` within a folder name, `**` for any number of folders, `{a,b}` for
 * alternatives (nestable); a pattern matches the whole path relative to the config file's folder
 * (write `**\/*.yaml` for any depth). Per-pointer overrides (`file.yaml#/paths`) are not
 * supported: use `x-apictl-ignore` in the document.
 */
import { matchGlob } from '../util/glob.js';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Document, LineCounter, Node, Pair } from 'yaml';
import { yamlLib } from '../document/yaml.js';
import { InputError, type SourcePosition } from '../errors.js';
import type { Severity } from '../findings/finding.js';
import { FORMAT_NAMES } from './format-names.js';
import { PACKS } from './paths.js';
import type { RuleOverride, RulesetConfig } from './ruleset.js';
import { suggest } from '../util/suggest.js';

export const CONFIG_NAMES = ['.apictl.yaml', '.apictl.yml', 'apictl.config.yaml', 'apictl.config.yml', 'apictl.config.json'] as const;

type Rules = NonNullable<RulesetConfig['rules']>;

export interface LintConfig extends RulesetConfig {
  /** Absolute path of the file this came from. */
  configFile?: string;
  /** Per-path rule settings, applied in order over `rules`. */
  overrides?: Array<{ files: string[]; rules: Rules }>;
  failSeverity?: Severity;
  /** Absolute path of the baseline file. */
  baseline?: string;
  formats?: string[];
}

/**
 * The config file that applies in `cwd`: searched from `cwd` upward to the repository root
 * (inclusive) or the filesystem root. Throws an InputError when one folder holds two.
 */
export function findConfig(cwd: string): string | undefined {
  let dir = path.resolve(cwd);
  for (;;) {
    const found = CONFIG_NAMES.map((n) => path.join(dir, n)).filter(isFile);
    if (found.length > 1) {
      throw new InputError(`more than one config file: ${found.map((f) => path.basename(f)).join(', ')} (keep one)`, { file: dir, line: 0, column: 0 });
    }
    if (found.length === 1) return found[0];
    // `.git` is a folder in a clone and a file in worktrees and submodules.
    if (existsSync(path.join(dir, '.git'))) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Reads and checks a config file (YAML or JSON). Relative paths in it are resolved against its folder. */
export function loadConfig(file: string): LintConfig {
  const abs = path.resolve(file);
  const shown = displayPath(abs);
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (err) {
    throw new InputError(`cannot read config: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { file: shown, line: 0, column: 0 });
  }
  const { LineCounter, parseDocument } = yamlLib();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const p = lineCounter.linePos(first.pos[0]);
    throw new InputError(`invalid config: ${first.message.split('\n')[0]}`, { file: shown, line: p.line, column: p.col });
  }
  const ctx: Ctx = { file: shown, dir: path.dirname(abs), doc, lineCounter, positions: new Map() };
  const config = readRoot(ctx, doc.contents as Node | null);
  config.configFile = abs;
  config.baseDir = ctx.dir;
  positionsOf.set(config, ctx.positions);
  return config;
}

/**
 * The rules for one spec file: the config's `rules`, then every override whose globs match the
 * file's path relative to the config's folder, later ones winning. Per rule, a later severity
 * replaces an earlier one and options are merged key by key.
 */
export function rulesFor(config: LintConfig, specFile: string): Rules {
  const base = config.baseDir ?? (config.configFile ? path.dirname(config.configFile) : process.cwd());
  const rel = path.relative(base, path.resolve(base, specFile)).split(path.sep).join('/');
  let rules: Rules = { ...config.rules };
  for (const o of config.overrides ?? []) {
    if (!o.files.some((g) => matchGlob(g, rel))) continue;
    rules = mergeRules(rules, o.rules);
  }
  return rules;
}

/**
 * Throws an InputError at the config line of the first rule id (in `rules` or an override) that
 * is not in `known` — call it with the loaded ruleset's rule ids, so a typo points at its line.
 */
export function checkRuleIds(config: LintConfig, known: Iterable<string>): void {
  const ids = new Set(known);
  const check = (rules: Rules | undefined, at: string[]): void => {
    for (const id of Object.keys(rules ?? {})) {
      if (ids.has(id)) continue;
      const pos = positionsOf.get(config)?.get(key([...at, id]));
      const hint = suggest(id, ids);
      throw new InputError(`unknown rule '${id}'${hint} (see: apictl rules)`, pos ?? { file: config.configFile ?? '<config>', line: 0, column: 0 });
    }
  };
  check(config.rules, ['rules']);
  config.overrides?.forEach((o, i) => check(o.rules, ['overrides', String(i), 'rules']));
}

/** Where a key of the config was written (path like `['rules', 'info-contact']`), when known. */
export function configPosition(config: LintConfig, at: string[]): SourcePosition | undefined {
  return positionsOf.get(config)?.get(key(at));
}

// --- merging --------------------------------------------------------------------------------

type RuleSetting = Rules[string];

function asOverride(v: RuleSetting): { severity?: Severity | 'off' | boolean; options?: Record<string, unknown> } {
  if (typeof v === 'string' || typeof v === 'boolean') return { severity: v };
  return v;
}

function mergeRules(base: Rules, over: Rules): Rules {
  const out: Rules = { ...base };
  for (const [id, v] of Object.entries(over)) {
    const prev = Object.hasOwn(out, id) ? asOverride(out[id]!) : {};
    const next = asOverride(v);
    const severity = next.severity ?? prev.severity;
    const options = prev.options || next.options ? { ...prev.options, ...next.options } : undefined;
    let merged: RuleSetting;
    if (!options) merged = severity ?? {};
    else if (severity === undefined || severity === true) merged = { options };
    else merged = { severity: severity === false ? 'off' : severity, options } satisfies RuleOverride;
    defineOwn(out, id, merged);
  }
  return out;
}

// --- strict reading -------------------------------------------------------------------------

interface Ctx {
  file: string;
  dir: string;
  doc: Document;
  lineCounter: LineCounter;
  positions: Map<string, SourcePosition>;
}

const positionsOf = new WeakMap<LintConfig, Map<string, SourcePosition>>();
const key = (at: string[]): string => at.join('\u0000');

const SEVERITY_WORDS = ['error', 'warn', 'info', 'hint'] as const;
const RULE_VALUES = 'error, warn, info, hint, off, true, false or { severity, options }';
const ROOT_KEYS = ['$schema', 'extends', 'packs', 'rules', 'overrides', 'failSeverity', 'baseline', 'formats'];

function position(ctx: Ctx, node: Node | null | undefined): SourcePosition {
  const offset = node?.range?.[0] ?? 0;
  const p = ctx.lineCounter.linePos(offset);
  return { file: ctx.file, line: p.line, column: p.col };
}

function fail(ctx: Ctx, node: Node | null | undefined, message: string): never {
  throw new InputError(message, position(ctx, node));
}

function deref(ctx: Ctx, node: unknown): Node | null {
  let n = node as Node | null;
  for (let hops = 0; n && yamlLib().isAlias(n) && hops < 100; hops++) n = (n.resolve(ctx.doc) as Node | undefined) ?? null;
  return n;
}

/** The entries of a mapping with their key text; anything else is an error at the node. */
function entries(ctx: Ctx, node: Node | null, what: string): Array<{ key: string; keyNode: Node; value: Node | null; pair: Pair }> {
  if (!yamlLib().isMap(node)) fail(ctx, node, `${what} must be a mapping`);
  return node.items.map((pair) => {
    const k = deref(ctx, pair.key);
    if (!yamlLib().isScalar(k) || (typeof k.value !== 'string' && typeof k.value !== 'number')) fail(ctx, k, `${what}: keys must be strings`);
    return { key: String(k.value), keyNode: k, value: deref(ctx, pair.value), pair: pair as Pair };
  });
}

function str(ctx: Ctx, node: Node | null, what: string): string {
  if (!yamlLib().isScalar(node) || typeof node.value !== 'string' || node.value.trim() === '') fail(ctx, node, `${what} must be a non-empty string`);
  return node.value;
}

/** A string or a list of strings. */
function strList(ctx: Ctx, node: Node | null, what: string, allowSingle: boolean): Array<{ value: string; node: Node }> {
  if (allowSingle && yamlLib().isScalar(node)) return [{ value: str(ctx, node, what), node }];
  if (!yamlLib().isSeq(node)) fail(ctx, node, `${what} must be a list${allowSingle ? ' or a string' : ''}`);
  return node.items.map((item) => {
    const n = deref(ctx, item);
    return { value: str(ctx, n, `each entry of ${what}`), node: n! };
  });
}

function unknownKey(ctx: Ctx, keyNode: Node, name: string, where: string, allowed: readonly string[]): never {
  fail(ctx, keyNode, `unknown key '${name}' in config${where ? ` at ${where}` : ''}${suggest(name, allowed)}`);
}

function readRoot(ctx: Ctx, root: Node | null): LintConfig {
  const config: LintConfig = {};
  // An empty file is an empty config.
  if (root === null || (yamlLib().isScalar(root) && root.value === null)) return config;
  for (const { key: k, keyNode, value } of entries(ctx, deref(ctx, root), 'the config')) {
    switch (k) {
      case '$schema':
        str(ctx, value, '$schema'); // for editors; nothing to do
        break;
      case 'extends':
        config.extends = strList(ctx, value, 'extends', true).map((e) => readExtends(ctx, e.value, e.node));
        break;
      case 'packs':
        config.packs = strList(ctx, value, 'packs', false).map((p) => {
          if (!(PACKS as readonly string[]).includes(p.value)) fail(ctx, p.node, `unknown pack '${p.value}' (packs: ${PACKS.join(', ')})${suggest(p.value, PACKS)}`);
          return p.value;
        });
        break;
      case 'rules':
        config.rules = readRules(ctx, value, ['rules']);
        break;
      case 'overrides':
        config.overrides = readOverrides(ctx, value);
        break;
      case 'failSeverity': {
        const s = str(ctx, value, 'failSeverity');
        if (!(SEVERITY_WORDS as readonly string[]).includes(s)) fail(ctx, value, `failSeverity must be error, warn, info or hint, not '${s}'`);
        config.failSeverity = s as Severity;
        break;
      }
      case 'baseline':
        config.baseline = path.resolve(ctx.dir, str(ctx, value, 'baseline'));
        break;
      case 'formats':
        config.formats = strList(ctx, value, 'formats', true).map((f) => {
          if (!(FORMAT_NAMES as readonly string[]).includes(f.value)) fail(ctx, f.node, `unknown format '${f.value}' (formats: ${FORMAT_NAMES.join(', ')})${suggest(f.value, FORMAT_NAMES)}`);
          return f.value;
        });
        break;
      default:
        unknownKey(ctx, keyNode, k, '', ROOT_KEYS);
    }
  }
  return config;
}

/** `spectral:*` as is; local paths made absolute against the config's folder (and checked now, to report the line). */
function readExtends(ctx: Ctx, value: string, node: Node): string {
  if (value.startsWith('spectral:')) return value;
  if (/^[a-z][a-z0-9+.-]+:/i.test(value) && !/^[a-z]:[\\/]/i.test(value)) {
    fail(ctx, node, `refusing to extend '${value}': rulesets are read from local files only`);
  }
  const abs = path.resolve(ctx.dir, value);
  if (!isFile(abs)) fail(ctx, node, `ruleset '${value}' not found (looked for ${displayPath(abs)})`);
  return abs;
}

function readRules(ctx: Ctx, node: Node | null, at: string[]): Rules {
  const rules: Rules = {};
  for (const { key: id, keyNode, value } of entries(ctx, node, at.join('.'))) {
    ctx.positions.set(key([...at, id]), position(ctx, keyNode));
    defineOwn(rules, id, readRuleValue(ctx, value, id));
  }
  return rules;
}

function readRuleValue(ctx: Ctx, node: Node | null, id: string): RuleSetting {
  if (yamlLib().isScalar(node)) {
    const v = node.value;
    if (typeof v === 'boolean') return v;
    if (v === 'off' || (SEVERITY_WORDS as readonly unknown[]).includes(v)) return v as Severity | 'off';
    fail(ctx, node, `rule '${id}': expected ${RULE_VALUES}, not ${JSON.stringify(v)}`);
  }
  if (!yamlLib().isMap(node)) fail(ctx, node, `rule '${id}': expected ${RULE_VALUES}`);
  const out: RuleOverride = {};
  for (const { key: k, keyNode, value } of entries(ctx, node, `rule '${id}'`)) {
    if (k === 'severity') {
      const s = yamlLib().isScalar(value) ? value.value : undefined;
      if (s !== 'off' && !(SEVERITY_WORDS as readonly unknown[]).includes(s)) fail(ctx, value, `rule '${id}': severity must be error, warn, info, hint or off`);
      out.severity = s as Severity | 'off';
    } else if (k === 'options') {
      if (!yamlLib().isMap(value)) fail(ctx, value, `rule '${id}': options must be a mapping`);
      out.options = value.toJS(ctx.doc, { maxAliasCount: 100 }) as Record<string, unknown>;
    } else unknownKey(ctx, keyNode, k, `rules.${id}`, ['severity', 'options']);
  }
  return out;
}

function readOverrides(ctx: Ctx, node: Node | null): NonNullable<LintConfig['overrides']> {
  if (!yamlLib().isSeq(node)) fail(ctx, node, 'overrides must be a list of { files, rules }');
  return node.items.map((item, i) => {
    const n = deref(ctx, item);
    let files: string[] | undefined;
    let rules: Rules | undefined;
    for (const { key: k, keyNode, value } of entries(ctx, n, `overrides[${i}]`)) {
      if (k === 'files') {
        files = strList(ctx, value, `overrides[${i}].files`, true).map((g) => {
          if (g.value.includes('#')) fail(ctx, g.node, `overrides[${i}].files: per-pointer overrides ('${g.value}') are not supported; use x-apictl-ignore in the document`);
          if (g.value.startsWith('!')) fail(ctx, g.node, `overrides[${i}].files: negated globs are not supported`);
          if (path.isAbsolute(g.value)) fail(ctx, g.node, `overrides[${i}].files: globs are relative to the config file's folder`);
          return g.value;
        });
      } else if (k === 'rules') rules = readRules(ctx, value, ['overrides', String(i), 'rules']);
      else unknownKey(ctx, keyNode, k, `overrides[${i}]`, ['files', 'rules']);
    }
    if (!files) fail(ctx, n, `overrides[${i}] needs 'files' (globs relative to the config file's folder)`);
    if (!rules) fail(ctx, n, `overrides[${i}] needs 'rules'`);
    return { files, rules };
  });
}

// --- small helpers --------------------------------------------------------------------------

/** Sets an own property even for `__proto__`, which plain assignment would treat as the prototype. */
function defineOwn(obj: object, k: string, value: unknown): void {
  Object.defineProperty(obj, k, { value, enumerable: true, writable: true, configurable: true });
}

/** Relative to the current folder when inside it: what users recognise in an error line. */
function displayPath(abs: string): string {
  const rel = path.relative(process.cwd(), abs);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
}

export { matchGlob };
