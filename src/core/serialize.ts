/** Writing a document back out as JSON or YAML, keys in their original order. */
import type { Syntax } from '../document/model.js';

export async function serializeDocument(doc: unknown, syntax: Syntax): Promise<string> {
  if (syntax === 'json') return JSON.stringify(doc, null, 2) + '\n';
  const { stringify } = await import('yaml');
  // No anchors for shared objects and no line folding: the output must read like the input.
  return stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0, version: '1.2' });
}
