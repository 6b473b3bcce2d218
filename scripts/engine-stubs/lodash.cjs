// Stand-in for `require('lodash')` inside dist/lint/engine.bundle.cjs (see scripts/bundle-lint-engine.mjs):
// Spectral and @stoplight/json use 14 lodash functions, and evaluating lodash's full build costs
// ≈ 8 ms of every lint. Each function here comes from lodash's own per-method module (the same
// code), loaded when first read. The build fails if the bundle reads a function not listed here.
'use strict';
const LOADERS = {
  cloneDeep: () => require('lodash/cloneDeep.js'),
  escapeRegExp: () => require('lodash/escapeRegExp.js'),
  get: () => require('lodash/get.js'),
  has: () => require('lodash/has.js'),
  isError: () => require('lodash/isError.js'),
  isObject: () => require('lodash/isObject.js'),
  isObjectLike: () => require('lodash/isObjectLike.js'),
  isString: () => require('lodash/isString.js'),
  omit: () => require('lodash/omit.js'),
  set: () => require('lodash/set.js'),
  setWith: () => require('lodash/setWith.js'),
  toPath: () => require('lodash/toPath.js'),
  trimStart: () => require('lodash/trimStart.js'),
  uniqBy: () => require('lodash/uniqBy.js'),
};
for (const [name, load] of Object.entries(LOADERS)) {
  Object.defineProperty(exports, name, {
    configurable: true,
    enumerable: true,
    get() {
      const fn = load();
      Object.defineProperty(exports, name, { value: fn, enumerable: true, writable: false, configurable: false });
      return fn;
    },
  });
}
