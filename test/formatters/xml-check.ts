/**
 * A minimal, strict XML 1.0 reader for tests: enough to prove a JUnit report is well-formed
 * (one root, balanced tags, quoted attributes, only valid entity references, no characters XML
 * forbids) and to read back decoded text. Throws with the offset of the first problem.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Decoded text directly inside this element. */
  text: string;
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
// Characters XML 1.0 allows (surrogate pairs checked as code points).
function allowedChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/** Decodes references; raw line breaks are normalised first, as XML 1.0 parsers do (and whitespace in attributes becomes spaces). */
function decode(rawIn: string, at: number, attribute = false): string {
  let raw = rawIn.replace(/\r\n?/g, '\n');
  if (attribute) raw = raw.replace(/[\t\n]/g, ' ');
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '<') throw new Error(`raw '<' at ${at + i}`);
    if (c !== '&') {
      out += c;
      continue;
    }
    const end = raw.indexOf(';', i);
    if (end < 0) throw new Error(`unterminated entity at ${at + i}`);
    const ent = raw.slice(i + 1, end);
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (ent in named) out += named[ent];
    else if (/^#[0-9]+$/.test(ent) || /^#x[0-9a-fA-F]+$/.test(ent)) {
      const cp = ent[1] === 'x' ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
      if (!allowedChar(cp)) throw new Error(`reference to a forbidden character at ${at + i}`);
      out += String.fromCodePoint(cp);
    } else throw new Error(`unknown entity &${ent}; at ${at + i}`);
    i = end;
  }
  return out;
}

export function parseXml(xml: string): XmlElement {
  for (const ch of xml) {
    if (!allowedChar(ch.codePointAt(0)!)) throw new Error(`character U+${ch.codePointAt(0)!.toString(16)} is not allowed in XML`);
  }
  let p = 0;
  const ws = () => {
    while (p < xml.length && /\s/.test(xml[p]!)) p++;
  };
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0) throw new Error('unterminated XML declaration');
    p = end + 2;
  }
  ws();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (p < xml.length) {
    if (xml[p] !== '<') {
      const next = xml.indexOf('<', p);
      const raw = xml.slice(p, next < 0 ? xml.length : next);
      const top = stack[stack.length - 1];
      if (!top) {
        if (raw.trim() !== '') throw new Error(`text outside the root at ${p}`);
      } else top.text += decode(raw, p);
      if (raw.includes(']]>')) throw new Error(`']]>' in text at ${p}`);
      p = next < 0 ? xml.length : next;
      continue;
    }
    if (xml.startsWith('</', p)) {
      const m = NAME.exec(xml.slice(p + 2));
      if (!m) throw new Error(`bad end tag at ${p}`);
      const open = stack.pop();
      if (!open || open.name !== m[0]) throw new Error(`end tag </${m[0]}> does not close <${open?.name}> at ${p}`);
      p += 2 + m[0].length;
      ws();
      if (xml[p] !== '>') throw new Error(`bad end tag at ${p}`);
      p++;
      continue;
    }
    const m = NAME.exec(xml.slice(p + 1));
    if (!m) throw new Error(`bad start tag at ${p}`);
    const el: XmlElement = { name: m[0], attrs: {}, children: [], text: '' };
    p += 1 + m[0].length;
    for (;;) {
      const before = p;
      ws();
      if (xml.startsWith('/>', p) || xml[p] === '>') break;
      if (p === before) throw new Error(`expected whitespace before an attribute at ${p}`);
      const a = NAME.exec(xml.slice(p));
      if (!a) throw new Error(`bad attribute name at ${p}`);
      p += a[0].length;
      if (xml[p] !== '=') throw new Error(`expected '=' at ${p}`);
      const q = xml[p + 1];
      if (q !== '"' && q !== "'") throw new Error(`unquoted attribute at ${p}`);
      const end = xml.indexOf(q, p + 2);
      if (end < 0) throw new Error(`unterminated attribute at ${p}`);
      if (a[0] in el.attrs) throw new Error(`duplicate attribute ${a[0]} at ${p}`);
      el.attrs[a[0]] = decode(xml.slice(p + 2, end), p + 2, true);
      p = end + 1;
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else if (root) throw new Error(`second root element at ${p}`);
    else root = el;
    if (xml.startsWith('/>', p)) p += 2;
    else {
      p += 1;
      stack.push(el);
    }
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1]!.name}>`);
  if (!root) throw new Error('no root element');
  return root;
}
