/** XML 1.0 escaping for text and attribute values. */

/**
 * Characters XML 1.0 cannot carry at all, not even as character references: most C0 controls,
 * lone surrogates, U+FFFE and U+FFFF. They are written as visible `\uXXXX` text instead, so a
 * message with an escape sequence in it still produces a file every JUnit reader accepts.
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function visible(ch: string): string {
  return '\\u' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
}

/** Escapes element content; a CR as a reference, since parsers turn a raw CR or CRLF into LF. */
export function xmlText(s: string): string {
  return s.replace(FORBIDDEN, visible).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** Escapes an attribute value (double-quoted); tabs and line breaks as references, since parsers normalise them to spaces. */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}
