// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject } from './lib/doc.js';
import { SPDX_DEPRECATED_IDS, SPDX_LICENSE_IDS } from './lib/compliance-spdx.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

// SPDX matches identifiers case-insensitively.
const KNOWN = new Set(SPDX_LICENSE_IDS.map((id) => id.toLowerCase()));
const DEPRECATED = new Map(SPDX_DEPRECATED_IDS.map((id) => [id.toLowerCase(), id]));
const USER_REF = /^(DocumentRef-[A-Za-z0-9.-]+:)?LicenseRef-[A-Za-z0-9.-]+$/;
const EXCEPTION_ID = /^[A-Za-z0-9][A-Za-z0-9.+-]*$/;

/** Splits an SPDX expression into tokens: ( ) and words. @param {string} s @returns {string[]} */
function tokenize(s) {
  return s
    .replace(/([()])/g, ' $1 ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * Checks an SPDX license expression (SPDX spec annex D): license ids (optionally with +),
 * LicenseRef-…, `WITH` exception, `AND`, `OR`, parentheses. Returns a list of problems.
 * @param {string} expr @returns {string[]}
 */
export function checkSpdxExpression(expr) {
  const tokens = tokenize(expr);
  /** @type {string[]} */
  const problems = [];
  let i = 0;
  /** @param {string | undefined} t */
  const op = (t) => (t === undefined ? undefined : ['AND', 'OR', 'WITH'].find((o) => o === t.toUpperCase()));
  const license = () => {
    const t = tokens[i];
    if (t === undefined) throw new Error('ends where a license identifier is expected');
    if (t === '(') {
      i++;
      compound();
      if (tokens[i] !== ')') throw new Error("has an unclosed '('");
      i++;
      return;
    }
    if (t === ')' || op(t)) throw new Error(`has '${t}' where a license identifier is expected`);
    i++;
    const id = t.endsWith('+') ? t.slice(0, -1) : t;
    if (USER_REF.test(id)) return;
    const lower = id.toLowerCase();
    if (DEPRECATED.has(lower)) problems.push(`'${DEPRECATED.get(lower)}' is a deprecated SPDX identifier (use the -only or -or-later form, or the current id)`);
    else if (!KNOWN.has(lower)) problems.push(`'${id}' is not an SPDX license identifier (see https://spdx.org/licenses/; custom licenses use LicenseRef-…)`);
    if (op(tokens[i]) === 'WITH') {
      i++;
      const ex = tokens[i];
      if (ex === undefined || !EXCEPTION_ID.test(ex) || op(ex)) throw new Error('has WITH without an exception identifier');
      i++;
    }
  };
  const compound = () => {
    license();
    while (op(tokens[i]) === 'AND' || op(tokens[i]) === 'OR') {
      i++;
      license();
    }
  };
  try {
    if (tokens.length === 0) throw new Error('is empty');
    compound();
    if (i < tokens.length) throw new Error(`has unexpected '${tokens[i]}'`);
  } catch (err) {
    return [`SPDX expression '${expr}' ${/** @type {Error} */ (err).message}`];
  }
  return problems;
}

/** info.license.identifier (3.1+) is a valid SPDX license expression with known identifiers. */
export default createRulesetFunction({ input: null, options: null }, function licenseSpdx(/** @type {Json} */ input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  if (!isObject(input) || input.identifier === undefined) return [];
  const path = [...(context.path ?? []), 'identifier'];
  if (typeof input.identifier !== 'string') return [];
  return checkSpdxExpression(input.identifier).map((message) => ({ message, path }));
});
