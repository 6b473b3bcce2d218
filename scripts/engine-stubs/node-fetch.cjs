// Stand-in for node-fetch inside dist/lint/engine.bundle.cjs (see scripts/bundle-lint-engine.mjs):
// spectral-runtime exports a fetch helper that apictl's lint never calls. Nothing in the bundle
// reaches the network; a call says so instead of fetching.
'use strict';
function fetch() {
  return Promise.reject(new Error('apictl: the lint engine does not fetch over the network'));
}
module.exports = fetch;
module.exports.default = fetch;
