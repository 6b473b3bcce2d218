import { describe, expect, it } from 'vitest';
import { FALLBACK_SLUG, MAX_SLUG_LENGTH, slugify } from '../../src/store/index.js';

describe('slugify', () => {
  it.each([
    ['Pet Store', 'pet-store'],
    ['pet-store', 'pet-store'],
    ['  Pet   Store  ', 'pet-store'],
    ['PET_STORE', 'pet-store'],
    ['pet--store', 'pet-store'],
    ['--pet store--', 'pet-store'],
    ['Petstore API v2.0', 'petstore-api-v2-0'],
    ['Café Crème', 'cafe-creme'],
    ['Ångström Zürich Łódź', 'angstrom-zurich-lodz'],
    ['Straße', 'strasse'],
    ['ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['api/v1 (beta)', 'api-v1-beta'],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('never returns an empty slug', () => {
    for (const s of ['', '   ', '!!!', '日本語', '—']) expect(slugify(s)).toBe(FALLBACK_SLUG);
  });

  it('caps the length without leaving a trailing dash', () => {
    const long = `${'a'.repeat(MAX_SLUG_LENGTH - 1)} bcd`;
    expect(slugify(long)).toBe('a'.repeat(MAX_SLUG_LENGTH - 1));
    expect(slugify('x'.repeat(200))).toHaveLength(MAX_SLUG_LENGTH);
  });

  it('only uses [a-z0-9-] and is idempotent', () => {
    const inputs = ['Hello, World!', 'ÉCOLE_ÉTÉ', `${'Ü'.repeat(70)}`, '-a-', 'a'.repeat(64) + '-b', 'Ça va? 😀 ok'];
    for (const s of inputs) {
      const slug = slugify(s);
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
      expect(slugify(slug)).toBe(slug);
    }
  });
});
