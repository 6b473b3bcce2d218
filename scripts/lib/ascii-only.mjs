// The bundle scripts' output as ASCII only: V8 keeps an all-ASCII source as a one-byte string,
// read and parsed faster. Non-ASCII characters (esbuild keeps regular expression literals and
// comments as written) become \u escapes, which mean the same in strings, regular expressions,
// identifiers and comments (the bundled code applies no String.raw to such text).
export function asciiOnly(text) {
  // a character after an odd run of backslashes (an identity escape such as backslash-é) is written as one \u escape
  return text.replace(/(\\*)([^\x00-\x7f])/g, (_m, slashes, c) => `${slashes.length % 2 === 1 ? slashes.slice(1) : slashes}\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
