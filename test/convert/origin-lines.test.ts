/**
 * Later stages report Swagger 2.0 findings through the origin map: for nodes of converted corpus
 * documents, the reported line of the 2.0 file must hold the key the node came from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/document/load.js';
import { prepareDocument } from '../../src/core/prepare.js';
import { corpusDir, hasCorpus } from '../helpers/corpus.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

describe.skipIf(!hasCorpus)('origin map lines on the Swagger 2.0 corpus', () => {
  const dir = path.join(corpusDir, 'swagger2');
  const files = hasCorpus ? readdirSync(dir).filter((f) => /\.(json|ya?ml)$/.test(f) && !f.startsWith('37-')) : [];

  it.each(files)('%s: operations, parameters, schemas and responses point at their 2.0 keys', async (file) => {
    const loaded = await loadDocument({ path: path.join(dir, file) });
    const prepared = await prepareDocument(loaded, { skipValidation: true });
    const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
    const lineAt = (p: string[]) => lines[loaded.locate(prepared.originOf(p)).range.start.line - 1] ?? '';
    const doc = prepared.document as any;
    let checked = 0;
    for (const [name] of Object.entries(doc.components?.schemas ?? {}).slice(0, 40)) {
      expect(lineAt(['components', 'schemas', name]), `${file} schema ${name}`).toContain(name);
      checked++;
    }
    for (const [p, item] of Object.entries<any>(doc.paths ?? {}).slice(0, 40)) {
      for (const m of METHODS) {
        const op = item?.[m];
        if (!op) continue;
        expect(lineAt(['paths', p, m]), `${file} ${m} ${p}`).toMatch(new RegExp(`["']?${m}["']?\\s*:`));
        (op.parameters ?? []).forEach((param: any, i: number) => {
          if (param?.name === undefined) return;
          const line = lineAt(['paths', p, m, 'parameters', String(i), 'name']);
          // The 2.0 parameter may be a $ref to a global one; then the line names the reference or the parameter.
          expect(line.includes(param.name) || line.includes('$ref'), `${file} ${m} ${p} parameter ${param.name}: ${line}`).toBe(true);
          checked++;
        });
        for (const code of Object.keys(op.responses ?? {})) {
          const line = lineAt(['paths', p, m, 'responses', code]);
          expect(line.includes(code) || line.includes('$ref'), `${file} ${m} ${p} response ${code}: ${line}`).toBe(true);
          checked++;
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
