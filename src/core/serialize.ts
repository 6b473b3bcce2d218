/** Writing a document back out as JSON or YAML, keys in their original order. */
import type { Syntax } from '../document/model.js';

export async function serializeDocument(doc: unknown, syntax: Syntax): Promise<string> {
  // JSON.stringify escapes C0 controls but writes C1 (U+0080–U+009F, CSI among them) raw
  if (syntax === 'json') return JSON.stringify(doc, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`) + '\n';
  const { stringify } = await import('yaml');
  // No anchors for shared objects and no line folding: the output must read like the input.
  return stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0, version: '1.2' });
}
