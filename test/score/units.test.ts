import { describe, expect, it } from 'vitest';
import { scoringOperations } from '../../src/score/units.js';

describe('scoringOperations', () => {
  it('counts operations and webhooks that are not deprecated', () => {
    const doc = {
      openapi: '3.1.0',
      paths: {
        '/pets': { get: {}, post: { deprecated: true }, parameters: [], summary: 'x' },
        '/pets/{id}': { get: {}, put: {}, delete: { deprecated: false }, trace: {} },
        '/shared': { $ref: '#/components/pathItems/Shared' },
        '/broken': { $ref: '#/components/pathItems/Missing' },
      },
      webhooks: { newPet: { post: {} }, oldPet: { post: { deprecated: true } } },
      components: { pathItems: { Shared: { get: {}, patch: {} } } },
    };
    expect(scoringOperations(doc)).toBe(1 + 4 + 2 + 0 + 1);
  });

  it('counts 3.2 query and additionalOperations; survives anything else', () => {
    expect(scoringOperations({ paths: { '/s': { query: {}, additionalOperations: { LINK: {}, PURGE: { deprecated: true } } } } })).toBe(2);
    for (const bad of [null, 1, 'x', [], { paths: [] }, { paths: { '/a': null } }]) expect(scoringOperations(bad)).toBe(0);
  });

  it('counts a path item with more additionalOperations than a call takes arguments (250,000)', () => {
    const additionalOperations: Record<string, unknown> = {};
    for (let i = 0; i < 250_000; i++) additionalOperations[`M${i}`] = i % 2 === 0 ? {} : { deprecated: true };
    expect(scoringOperations({ openapi: '3.2.0', paths: { '/x': { get: {}, additionalOperations } } })).toBe(1 + 125_000);
  });
});
