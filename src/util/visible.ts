/**
 * Control characters other than tab and line breaks shown as `\u001B`-style text. Messages quote
 * the document (titles, paths, keys), and an ESC, BEL or C1 sequence from a hostile spec must not
 * recolour, hide or rewrite what a terminal or CI log shows, nor set a terminal's title.
 */
export function visibleControls(s: string): string {
  return s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0'));
}
