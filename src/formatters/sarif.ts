/**
 * SARIF 2.1.0 for GitHub code scanning and other SARIF viewers. Each result carries
 * `partialFingerprints` (our line-independent fingerprint), so re-uploads update alerts instead
 * of duplicating them — the gap in Spectral's SARIF — and `baselineState` from the baseline.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Severity } from '../findings/finding.js';
import type { LintFinding } from '../lint/types.js';
import { cmp, isUrl, NO_FILE, sortedFindings } from './common.js';
import type { FormatInput } from './types.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** Where SARIF viewers link the tool name to. */
export const INFORMATION_URI = 'https://www.npmjs.com/package/apictl';
/** The key of our fingerprint in `partialFingerprints`; bump the version if the algorithm changes. */
export const FINGERPRINT_KEY = 'apictl/v1';

type Level = 'error' | 'warning' | 'note';
const LEVEL: Record<Severity, Level> = { error: 'error', warn: 'warning', info: 'note', hint: 'note' };

/** First sentence (or line) of a description, for `shortDescription`. */
function firstSentence(text: string): string {
  const line = text.trim().split(/\r?\n/)[0] ?? '';
  const m = /^(.+?[.!?])(\s|$)/.exec(line);
  return (m ? m[1]! : line).trim();
}

function ruleDescriptor(id: string, input: FormatInput, first: LintFinding): Record<string, unknown> {
  const meta = input.rules.get(id);
  // Codes without metadata (validation, internal checks) are described by their id: a finding's
  // message is about one place and would mislead as the rule's description.
  const description = meta?.description?.trim() || id;
  const fix = meta?.fix ?? first.fix;
  const docs = first.docs;
  const helpLines = [fix ? `Fix: ${fix}` : description];
  if (docs) helpLines.push(`More: ${docs}`);
  return {
    id,
    shortDescription: { text: firstSentence(description) || id },
    fullDescription: { text: description || id },
    help: { text: helpLines.join('\n') },
    ...(docs && /^https?:\/\//i.test(docs) ? { helpUri: docs } : {}),
    defaultConfiguration: { level: LEVEL[meta?.severity ?? first.severity] },
    properties: { tags: [meta?.category ?? first.category] },
  };
}

/** `{uri, uriBaseId}` for a display path: relative to %SRCROOT% (cwd) when inside it. */
function artifactLocation(file: string, cwd: string): { uri: string; uriBaseId?: string } {
  if (isUrl(file)) return { uri: file };
  const abs = path.resolve(cwd, file);
  const rel = path.relative(cwd, abs);
  if (rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)) {
    return { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
  }
  return { uri: pathToFileURL(abs).href };
}

function location(f: LintFinding, cwd: string): Array<Record<string, unknown>> | undefined {
  if (!f.source || f.source === NO_FILE) return undefined;
  const physical: Record<string, unknown> = { artifactLocation: artifactLocation(f.source, cwd) };
  if (f.range && f.range.start.line >= 1) {
    const s = f.range.start;
    // SARIF's endColumn is the column after the region, which our exclusive end already is.
    const e = f.range.end.line > s.line || (f.range.end.line === s.line && f.range.end.column >= s.column) ? f.range.end : s;
    physical.region = { startLine: s.line, startColumn: Math.max(1, s.column), endLine: e.line, endColumn: Math.max(1, e.column) };
  }
  return [{ physicalLocation: physical }];
}

/** The SARIF log as an object (the format function serialises it). */
export function toSarif(input: FormatInput): Record<string, unknown> {
  const findings = sortedFindings(input.files, input.findings);
  // Only rules that have results, sorted by id; ruleIndex points into this list.
  const firstOf = new Map<string, LintFinding>();
  for (const f of findings) if (!firstOf.has(f.code)) firstOf.set(f.code, f);
  const ids = [...firstOf.keys()].sort(cmp);
  const index = new Map(ids.map((id, i) => [id, i]));
  const rules = ids.map((id) => ruleDescriptor(id, input, firstOf.get(id)!));

  const results = findings.map((f) => {
    const locations = location(f, input.cwd);
    return {
      ruleId: f.code,
      ruleIndex: index.get(f.code)!,
      level: LEVEL[f.severity],
      message: { text: f.message },
      ...(locations ? { locations } : {}),
      partialFingerprints: { [FINGERPRINT_KEY]: f.fingerprint },
      baselineState: f.known === true ? 'unchanged' : 'new',
      properties: { category: f.category },
    };
  });

  const root = pathToFileURL(input.cwd).href.replace(/\/?$/, '/');
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: input.tool.name,
            version: input.tool.version,
            informationUri: INFORMATION_URI,
            rules,
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: root } },
        // Our columns count UTF-16 code units; SARIF's default is code points.
        columnKind: 'utf16CodeUnits',
        results,
        properties: { rulesetVersion: input.tool.rulesetVersion, rulesetFingerprint: input.tool.rulesetFingerprint },
      },
    ],
  };
}

export function formatSarif(input: FormatInput): string {
  return JSON.stringify(toSarif(input), null, 2) + '\n';
}
