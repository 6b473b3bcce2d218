import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSpecIdentity, registeredSpecIdentity, specIdentityFor } from '../../src/score/identity.js';
import { tempTree } from '../helpers/tmp.js';

describe('specIdentityFor', () => {
  it('is the path from the project root, with forward slashes, whatever the working directory', () => {
    const root = tempTree({ '.git/HEAD': 'ref: refs/heads/main\n', 'api/v1/openapi.yaml': 'x', 'tools/run.sh': '' });
    const expected = 'file:api/v1/openapi.yaml';
    expect(specIdentityFor('api/v1/openapi.yaml', root)).toBe(expected);
    expect(specIdentityFor('../api/v1/openapi.yaml', path.join(root, 'tools'))).toBe(expected);
    expect(specIdentityFor('openapi.yaml', path.join(root, 'api', 'v1'))).toBe(expected);
    expect(specIdentityFor(path.join(root, 'api/v1/openapi.yaml'), '/')).not.toBe(expected); // another project root: absolute
    expect(specIdentityFor(path.join(root, 'api/v1/openapi.yaml'), path.join(root, 'tools'))).toBe(expected);
  });

  it('uses .apictl as a root marker too, and the nearest marker wins', () => {
    const root = tempTree({ '.git/HEAD': '', 'svc/.apictl/apictl.db': '', 'svc/spec.yaml': '' });
    expect(specIdentityFor('spec.yaml', path.join(root, 'svc'))).toBe('file:spec.yaml');
  });

  it('resolves symbolic links, and names a file that does not exist (any more) the same way', () => {
    const root = tempTree({ '.git/HEAD': '', 'real/api.yaml': '' });
    symlinkSync(path.join(root, 'real'), path.join(root, 'link'));
    expect(specIdentityFor('link/api.yaml', root)).toBe('file:real/api.yaml');
    expect(specIdentityFor('real/gone.yaml', root)).toBe('file:real/gone.yaml');
    expect(specIdentityFor('new/dir/gone.yaml', root)).toBe('file:new/dir/gone.yaml');
  });

  it('keeps the absolute path of a file outside the project', () => {
    const outside = tempTree({ 'lonely.yaml': '' });
    const project = tempTree({ '.git/HEAD': '' });
    mkdirSync(path.join(project, 'x'));
    writeFileSync(path.join(project, 'x', 'a.yaml'), '');
    expect(specIdentityFor(path.join(outside, 'lonely.yaml'), project)).toMatch(/^file:\/.*\/lonely\.yaml$/);
    // A name that merely starts with two dots is inside.
    writeFileSync(path.join(project, '..odd.yaml'), '');
    expect(specIdentityFor('..odd.yaml', project)).toBe('file:..odd.yaml');
  });
});

describe('registered specs', () => {
  it('are spec:<slug>, from a name or a slug', () => {
    expect(registeredSpecIdentity('Pet Store')).toBe('spec:pet-store');
    expect(registeredSpecIdentity('pet-store')).toBe('spec:pet-store');
    expect(isSpecIdentity('spec:pet-store')).toBe(true);
    expect(isSpecIdentity('file:a.yaml')).toBe(true);
    expect(isSpecIdentity('file:')).toBe(false);
    expect(isSpecIdentity('pet-store')).toBe(false);
  });
});
