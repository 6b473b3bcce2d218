// What the engine bundle gives rulesets/functions/lib/define.js for `@stoplight/spectral-core`:
// its createRulesetFunction, with Spectral loaded (from node_modules) on the first call only. In
// apictl that call comes only when a rule's options fail the quick check and Spectral's validator
// has to word the error; a lint with valid options never loads Spectral.
'use strict';
let core;
exports.createRulesetFunction = (meta, fn) => (core ??= require('@stoplight/spectral-core')).createRulesetFunction(meta, fn);
