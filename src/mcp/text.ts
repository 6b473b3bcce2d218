/** Small text helpers shared by descriptions, schemas and the README. */

/** Collapses whitespace runs (keeping paragraph breaks) and trims. */
export function normalizeSpace(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Drops HTML tags and markdown images, which cost tokens and tell an agent nothing, and links to
 * anchors of a documentation renderer (`[Pets](#tag/pets)`, `#operation/getPet`), which lead
 * nowhere outside it (their text stays).
 */
export function stripMarkup(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\(#[^)]*\)/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '');
}

/** Shortens to at most `max` characters, preferring to stop at the end of a sentence, then of a word. */
export function clip(text: string, max: number): string {
  const t = normalizeSpace(text);
  if (t.length <= max) return t;
  const room = Math.max(1, max - 1);
  const cut = t.slice(0, room);
  const sentence = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'));
  if (sentence > room * 0.5) return cut.slice(0, sentence + 1);
  const space = cut.lastIndexOf(' ');
  return (space > room * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '') + '…';
}

/** Text safe to place in one line of Markdown (README, CHANGELOG): no markup, no line breaks. */
export function markdownInline(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/[\\`*_{}[\]<>()#+!|~]/g, (c) => '\\' + c)
    .trim();
}

/** Text safe for a `#` comment line (no line breaks or control characters). */
export function commentLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}
