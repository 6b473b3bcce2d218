// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allSchemas } from './lib/schemas.js';
import { CASING_LABEL, dominantCasing, matchesCasing } from './lib/casing.js';
import { regexList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const ORDER = ['macro', 'snake', 'camel', 'kebab', 'pascal'];
// Only identifier-like values are judged: `PENDING`, `in_progress`; not `application/json`, `2xx`.
const IDENT = /^[A-Za-z][A-Za-z0-9]*([_-][A-Za-z0-9]+)*$/;
// Codes from other standards keep their own casing: language tags (en-GB, zh-Hant-TW, en_US) and
// short upper-case codes (GB, US, EUR).
const CODE = /^[a-z]{2,3}([-_][A-Z][A-Za-z]{1,3})+$|^[A-Z0-9]{1,3}$/;

/** Acronyms inside camel/Pascal values count as words (`OutboundAPI`, `ACHFailure`). @param {string} v */
const looseAcronyms = (v) => v.replace(/[A-Z]{2,}(?=[A-Z][a-z]|[0-9]|$)/g, (m) => m[0] + m.slice(1).toLowerCase());
/** @param {string} v @param {string} c */
const fits = (v, c) => matchesCasing(c === 'camel' || c === 'pascal' ? looseAcronyms(v) : v, c);

/**
 * String enum values follow one casing. `casing` pins it (macro = UPPER_SNAKE_CASE, snake, camel,
 * kebab, pascal); with `auto`, `scope: enum` (default) asks each enum to be consistent within itself
 * and `scope: api` asks every enum to follow the casing most multi-word values of the API use.
 * Values that are not identifiers (media types, values with dots or spaces), codes of other
 * standards (language tags, short upper-case codes), enums made mostly of such values, and values
 * matching `ignore` are skipped; acronyms inside camel/Pascal values are accepted. One finding per
 * enum, listing the values that differ.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        casing: { enum: ['auto', ...ORDER] },
        scope: { enum: ['enum', 'api'] },
        ignore: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ casing?: string, scope?: 'enum' | 'api', ignore?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function styleEnumCasing(_input, options, context) {
    const casing = options.casing ?? 'auto';
    const scope = options.scope ?? 'enum';
    const ignore = regexList(options.ignore);
    const enums = [];
    for (const e of allSchemas(rootOf(context))) {
      if (!Array.isArray(e.schema.enum)) continue;
      const strings = e.schema.enum.filter((v) => typeof v === 'string');
      const vals = strings.filter((v) => IDENT.test(v) && !CODE.test(v) && !ignore.some((re) => re.test(v)));
      // A list that is mostly codes or names of another standard (time zones, locales) is not judged.
      if (vals.length > 0 && vals.length * 2 > strings.length) enums.push({ e, vals });
    }
    /** @type {string | undefined} */
    let apiCasing;
    if (casing === 'auto' && scope === 'api') {
      apiCasing = dominantCasing(
        enums.flatMap((x) => x.vals),
        [],
      )?.casing;
      if (!apiCasing) return [];
    }
    const results = [];
    for (const { e, vals } of enums) {
      let target = casing !== 'auto' ? casing : apiCasing;
      if (!target) {
        if (vals.length < 2 || ORDER.some((c) => vals.every((v) => fits(v, c)))) continue;
        target = ORDER.map(/** @returns {[string, number]} */ (c) => [c, vals.filter((v) => fits(v, c)).length]).sort((a, b) => b[1] - a[1])[0][0];
      }
      const bad = vals.filter((v) => !fits(v, target));
      if (bad.length === 0) continue;
      const shown =
        bad
          .slice(0, 5)
          .map((v) => `'${v}'`)
          .join(', ') + (bad.length > 5 ? ', …' : '');
      results.push({
        message: `Enum value${bad.length > 1 ? 's' : ''} ${shown} ${bad.length > 1 ? 'are' : 'is'} not ${CASING_LABEL[target]}${casing === 'auto' && scope === 'enum' ? ' like the other values of this enum' : ''}.`,
        path: [...e.path, 'enum'],
      });
    }
    return results;
  },
);
