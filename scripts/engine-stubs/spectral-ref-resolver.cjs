// Stand-in for @stoplight/spectral-ref-resolver inside dist/lint/engine.bundle.cjs (see
// scripts/bundle-lint-engine.mjs): spectral-core imports it for its default resolver, which apictl
// never lets it create. Using it anyway is a bug, said loudly.
'use strict';
function unavailable() {
  throw new Error("apictl: Spectral's own $ref resolver is not part of the lint engine bundle (apictl resolves references itself)");
}
class Resolver {
  constructor() {
    unavailable();
  }
}
module.exports = { Resolver, createHttpAndFileResolver: unavailable, httpAndFileResolver: undefined };
