/** Turns a spec's display name into its identity in the registry. */

/** Longest slug kept; long enough to stay unique in practice, short enough for file names and URLs. */
export const MAX_SLUG_LENGTH = 64;

/** What a name with no usable characters at all (e.g. `"!!!"`, `"日本"`) becomes, so a slug is never empty. */
export const FALLBACK_SLUG = 'spec';

/**
 * A stable, lowercase ASCII slug: `[a-z0-9-]`, no leading/trailing or doubled dashes, at most
 * 64 characters, never empty. Accents are transliterated (`Café` → `cafe`) by NFKD decomposition
 * and dropping the combining marks; any other run of non-alphanumerics becomes one dash.
 *
 * Idempotent (`slugify(slugify(x)) === slugify(x)`), which is what lets the registry accept either
 * a display name or a slug wherever a spec is named: `"Pet Store"` and `"pet-store"` are one spec.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    // Combining marks left over from the decomposition (the accents themselves).
    .replace(/\p{M}+/gu, '')
    // Letters NFKD does not decompose but that have an obvious ASCII spelling.
    .replace(/[ßẞæÆœŒøØđĐłŁþÞðÐı]/g, (c) => TRANSLITERATIONS[c] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-/, '')
    .slice(0, MAX_SLUG_LENGTH)
    // Trim after truncating: the cut may land right after a dash.
    .replace(/-+$/, '');
  return slug === '' ? FALLBACK_SLUG : slug;
}

const TRANSLITERATIONS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'TH',
  ð: 'd',
  Ð: 'D',
  ı: 'i',
};
