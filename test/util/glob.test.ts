import { describe, expect, it } from 'vitest';
import { expandGlob, globToRegExp } from '../../src/util/glob.js';
import { tempTree } from '../helpers/tmp.js';

describe('globs', () => {
  it.each([
    ['*.yaml', 'a.yaml', true],
    ['*.yaml', 'd/a.yaml', false],
    ['**/*.yaml', 'a.yaml', true],
    ['**/*.yaml', 'd/e/a.yaml', true],
    ['specs/**', 'specs/x/y.json', true],
    ['*.{yaml,json}', 'a.json', true],
    ['*.{yaml,json}', 'a.yml', false],
    ['a?.json', 'ab.json', true],
    ['*.{yaml,{json,yml}}', 'a.yml', true],
    ['v1.*', 'v1x', false],
  ])('%s matches %s: %s', (glob, p, ok) => {
    expect(globToRegExp(glob).test(p)).toBe(ok);
  });

  it('expands a pattern from its static folder, skipping node_modules', () => {
    const dir = tempTree({ 'api/a.yaml': '', 'api/v2/b.json': '', 'api/node_modules/c.yaml': '', 'api/readme.md': '' });
    expect(expandGlob('api/**/*.{yaml,json}', dir)).toEqual(['api/a.yaml', 'api/v2/b.json']);
    expect(expandGlob('api/a.yaml', dir)).toEqual(['api/a.yaml']);
  });
});
