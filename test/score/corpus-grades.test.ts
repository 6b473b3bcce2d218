/**
 * The grade says something on real descriptions: linted and scored as a user does, the curated
 * examples of the corpus (Redocly's museum, Bump's train travel API) grade C or better, minimal
 * demos stay F, and the corpus spreads over at least three grades.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apictlAsync } from '../helpers/cli.js';
import { corpusDir, hasCorpus } from '../helpers/corpus.js';
import { tempTree } from '../helpers/tmp.js';

const files = [
  'small/redocly-museum-3.1.yaml',
  'small/bump-train-travel-3.1.yaml',
  'huge/kubernetes-swagger.json',
  'medium/asana.yaml',
  'medium/twilio_api_v2010.json',
  'small/oai-link-example-3.0.yaml',
  'small/oai-callback-example-3.0.yaml',
  'small/oai-uber-2.0.yaml',
  'small/oai-petstore-2.0.json',
];

describe.skipIf(!hasCorpus)('grades of the corpus', () => {
  it('the best-kept descriptions grade C or better, the worst F, and the grades spread', async () => {
    const dir = tempTree();
    const db = path.join(dir, 'scores.db');
    for (const f of files) {
      const r = await apictlAsync(['lint', path.join(corpusDir, f), '--db', db, '--no-config', '-q', '-f', 'json', '-o', path.join(dir, 'out.json')], { cwd: dir, timeoutMs: 120_000 });
      expect(r.stderr, f).toBe('');
    }
    const r = await apictlAsync(['score', '--all', '--json', '--db', db], { cwd: dir });
    const specs = JSON.parse(r.stdout).specs as Array<{ spec: string; latest: { score: { total: number; grade: string } } }>;
    const grade = (f: string): string => specs.find((s) => s.spec.endsWith(f))!.latest.score.grade;
    for (const f of ['small/redocly-museum-3.1.yaml', 'small/bump-train-travel-3.1.yaml']) expect(['A', 'B', 'C'], f).toContain(grade(f));
    for (const f of ['small/oai-callback-example-3.0.yaml', 'small/oai-uber-2.0.yaml']) expect(grade(f), f).toBe('F');
    expect(new Set(specs.map((s) => s.latest.score.grade)).size).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
