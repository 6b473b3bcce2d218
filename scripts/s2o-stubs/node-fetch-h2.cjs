// Stand-in for node-fetch-h2 inside dist/convert/s2o.bundle.cjs (see scripts/bundle-s2o.mjs):
// swagger2openapi and oas-resolver import it to fetch external references, which apictl never lets
// them do (`resolve: false`; the loader reads references itself, within its policy). Nothing in the
// bundle reaches the network; a call says so instead of fetching.
'use strict';
function fetch() {
  return Promise.reject(new Error('apictl: swagger2openapi does not fetch over the network inside apictl'));
}
module.exports = fetch;
module.exports.default = fetch;
