/**
 * Real API descriptions from ../shared/corpus (never copied into the repo). Every file must
 * validate without crashing; the OAI examples and the huge Kubernetes/Stripe specs must have no
 * structural errors. Files with genuine violations are listed with their exact findings below.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../src/validate/index.js';
import type { SpecKind } from '../../src/document/model.js';
import { toPointer } from '../../src/findings/finding.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.warn(`validate corpus tests skipped: ${corpus} not found (it sits beside the repository in CI)`);

const SETS = ['small', 'medium', 'huge', 'swagger2'];

/** `code #/pointer` per finding; warnings that are expected in bulk are counted separately. */
type Outcome = { findings: string[]; warnCounts?: Record<string, number> };

const NYTIMES_LOGO = 'oas2-schema #/info/logo'; // NYTimes puts a non-standard `logo` in info (2.0 only allows x- extensions there)

/** Files whose real violations we assert exactly; every other file must produce no finding at all. */
const EXPECTED: Record<string, Outcome> = {
  // Stripe declares an (empty) form requestBody on all its GET and DELETE operations: warnings only.
  'huge/stripe-spec3.yaml': { findings: [], warnCounts: { 'oas3-request-body-method': 246 } },
  // go-swagger's Docker canary reuses operationIds per resource (findAll, create, find, …).
  'swagger2/02-go-swagger-canary_docker_swagger.json': {
    findings: [
      '/images/json/get',
      '/images/create/post',
      '/images/{name}/json/get',
      '/images/{name}/delete',
      '/containers/{id}/exec/post',
      '/exec/{id}/start/post',
      '/exec/{id}/resize/post',
      '/exec/{id}/json/post',
      '/volumes/get',
      '/volumes/create/post',
      '/volumes/{name}/get',
      '/volumes/{name}/delete',
      '/networks/get',
      '/networks/{id}/get',
      '/networks/{id}/delete',
      '/networks/create/post',
    ].map((op) => `duplicate-operation-id #${toPointer(['paths', ...splitOp(op), 'operationId'])}`),
  },
  'swagger2/16-NYTimes-books_api_books_api.json': { findings: [NYTIMES_LOGO] },
  'swagger2/17-NYTimes-community_community_api_v3.json': { findings: [NYTIMES_LOGO] },
  'swagger2/18-NYTimes-article_search_article_search_v2.json': { findings: [NYTIMES_LOGO] },
  // …and here also declares its two path parameters without `required: true`.
  'swagger2/19-NYTimes-most_popular_api_most_popular_api_v2.json': {
    findings: [NYTIMES_LOGO, 'path-param-not-required #/parameters/TimePeriod', 'path-param-not-required #/parameters/Section'],
  },
  'swagger2/20-NYTimes-semantic_api_semantic_api.json': { findings: [NYTIMES_LOGO] },
  'swagger2/21-NYTimes-movie_reviews_movie_reviews_v2.json': { findings: [NYTIMES_LOGO] },
  'swagger2/22-NYTimes-top_stories_top_stories_v2.json': { findings: [NYTIMES_LOGO] },
};

/** `/a/{id}/get` → ['/a/{id}', 'get'] (the method is the last segment). */
function splitOp(op: string): string[] {
  const i = op.lastIndexOf('/');
  return [op.slice(0, i), op.slice(i + 1)];
}

function load(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.json') ? JSON.parse(text) : parse(text, { maxAliasCount: -1 });
}

function kindOf(doc: unknown): SpecKind {
  const d = doc as { swagger?: unknown; openapi?: unknown };
  if (d.swagger !== undefined) return 'swagger-2.0';
  const v = String(d.openapi);
  return v.startsWith('3.0') ? 'openapi-3.0' : v.startsWith('3.1') ? 'openapi-3.1' : 'openapi-3.2';
}

function outcome(doc: unknown, kind: SpecKind, bulkWarnings: boolean): Outcome {
  const findings = validateDocument(doc, kind, { maxFindings: Number.POSITIVE_INFINITY });
  const out: Outcome = { findings: [] };
  for (const f of findings) {
    if (bulkWarnings && f.severity === 'warn') {
      out.warnCounts ??= {};
      out.warnCounts[f.code] = (out.warnCounts[f.code] ?? 0) + 1;
    } else {
      out.findings.push(`${f.code} #${toPointer(f.path)}`);
    }
  }
  return out;
}

describe.skipIf(!haveCorpus)('validateDocument on the corpus', () => {
  const files = haveCorpus
    ? SETS.flatMap((set) =>
        readdirSync(path.join(corpus, set))
          .sort()
          .map((f) => `${set}/${f}`),
      )
    : [];

  it.each(files)(
    '%s',
    (rel) => {
      const doc = load(path.join(corpus, rel));
      const expected = EXPECTED[rel] ?? { findings: [] };
      expect(outcome(doc, kindOf(doc), expected.warnCounts !== undefined)).toEqual(expected);
    },
    120_000,
  );

  it('covers every file listed as expected', () => {
    for (const rel of Object.keys(EXPECTED)) expect(files).toContain(rel);
  });
});

describe.skipIf(!haveCorpus)('validateDocument on hostile inputs', () => {
  const dir = path.join(corpus, 'hostile');
  const files = haveCorpus && existsSync(dir) ? readdirSync(dir).filter((f) => /\.(json|ya?ml)$/.test(f)) : [];

  it.each(files)(
    '%s does not crash the validator',
    (name) => {
      let doc: unknown;
      try {
        // These are parser tests first; what the loader rejects never reaches validation.
        doc = load(path.join(dir, name));
      } catch {
        return;
      }
      for (const kind of ['swagger-2.0', 'openapi-3.0', 'openapi-3.1', 'openapi-3.2'] as const) {
        expect(Array.isArray(validateDocument(doc, kind))).toBe(true);
      }
      // big-50mb.json is validated four times (≈ 40 s on our 2 cores alone, more beside the rest of the
      // suite): this pins not crashing; speed is bench/'s job
    },
    240_000,
  );
});
