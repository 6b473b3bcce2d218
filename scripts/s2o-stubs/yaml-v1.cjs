// Stand-in for swagger2openapi's own `yaml` (version 1) inside dist/convert/s2o.bundle.cjs (see
// scripts/bundle-s2o.mjs). swagger2openapi uses it only to serialise its input for messages when
// no `text` option is given (apictl always gives one) and to parse files it reads itself
// (convertFile, convertUrl, convertStr and oas-resolver's external references: never called).
'use strict';
function unavailable() {
  throw new Error("apictl: swagger2openapi's YAML reader is not part of the conversion bundle (apictl parses documents itself)");
}
module.exports = { parse: unavailable, stringify: unavailable, parseDocument: unavailable };
