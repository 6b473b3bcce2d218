// Stand-in for es-aggregate-error inside dist/lint/engine.bundle.cjs (see scripts/bundle-lint-engine.mjs):
// Spectral's function-options validation throws `new AggregateError(errors)`. The package is a
// polyfill whose export, on every Node apictl supports (AggregateError is native since Node 15), is
// the native constructor bound; loading it evaluates es-abstract and get-intrinsic (≈ 10 ms of a
// lane's start). The native constructor builds the same error.
'use strict';
module.exports = AggregateError;
