/**
 * Timing of validateDocument on the two 4 MB corpus files (not a test; run by hand):
 *   npx tsx test/validate/bench-validate.ts
 * Prints ajv load + schema compile, first validation and warm validations, per file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { validateDocument } from '../../src/validate/index.js';
import { schemaSetFor } from '../../src/validate/schemas.js';
import type { SpecKind } from '../../src/document/model.js';

const corpus = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus');
const files: [string, SpecKind][] = [
  ['huge/kubernetes-swagger.json', 'swagger-2.0'],
  ['huge/stripe-spec3.yaml', 'openapi-3.0'],
];

const ms = (t0: number): string => `${(performance.now() - t0).toFixed(0)} ms`;

for (const [rel, kind] of files) {
  const text = readFileSync(path.join(corpus, rel), 'utf8');
  let t0 = performance.now();
  const doc: unknown = rel.endsWith('.json') ? JSON.parse(text) : parse(text, { maxAliasCount: -1 });
  const parseTime = ms(t0);
  t0 = performance.now();
  schemaSetFor(kind); // ajv load (first file only) + compile of this version's schema
  const compileTime = ms(t0);
  t0 = performance.now();
  const findings = validateDocument(doc, kind, { maxFindings: Number.POSITIVE_INFINITY });
  const first = ms(t0);
  const warm: string[] = [];
  for (let i = 0; i < 3; i++) {
    t0 = performance.now();
    validateDocument(doc, kind);
    warm.push(ms(t0));
  }
  const rss = (process.memoryUsage().rss / 2 ** 20).toFixed(0);
  console.log(`${rel} (${kind}): parse ${parseTime}; ajv+compile ${compileTime}; first validate ${first}; warm ${warm.join(', ')}; findings ${findings.length}; rss ${rss} MiB`);
}
