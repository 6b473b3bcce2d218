// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf } from './lib/doc.js';
import { allSchemaNodes, objectShape, squash } from './lib/pack-common.js';
import { extension } from './lib/r155.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

// latitude, longitude and geoLocation are in the core personal-data-marked dictionary (raised to warn
// by the r155 profile); this rule adds the vocabulary of vehicle positions.
const LOCATION = new Set([
  'lat',
  'lon',
  'lng',
  'long',
  'gps',
  'gnss',
  'geoposition',
  'gpsposition',
  'gpslocation',
  'geocoordinates',
  'gpscoordinates',
  'coordinates',
  'vehiclelocation',
  'vehicleposition',
  'currentlocation',
  'currentposition',
  'lastknownlocation',
  'lastknownposition',
  'parkinglocation',
  'parkedlocation',
  'position',
  'location',
]);
const MARKERS = ['x-personal-data', 'x-pii', 'x-sap-dpp-is-potentially-personal', 'x-data-classification'];

/**
 * Position properties of vehicles and devices (lat/lng, gps, gnss, coordinates, vehicleLocation,
 * position, location …) carry x-personal-data (or x-pii, x-data-classification) on the property or
 * its object, unless info.x-data-classification is confidential or restricted.
 * latitude/longitude/geoLocation are left to the core personal-data-marked rule.
 */
export default createRulesetFunction({ input: null, options: null }, function r155LocationClassified(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  const cls = isObject(root.info) ? root.info['x-data-classification'] : undefined;
  if (cls === 'confidential' || cls === 'restricted') return results;
  for (const n of allSchemaNodes(root)) {
    if (!n.name || !n.parent || !LOCATION.has(squash(n.name))) continue;
    // position/location: only objects or coordinate strings, not a sort position (integer) or a location id.
    if ((squash(n.name) === 'position' || squash(n.name) === 'location') && !isCoordinateObject(root, n.schema)) continue;
    if (n.path[n.path.length - 2] !== 'properties') continue;
    if (extension(n.schema, MARKERS) || extension(n.parent, MARKERS) || extension(deref(root, n.schema, []).value, MARKERS)) continue;
    results.push({
      message: `Location property '${n.name}' is not classified: mark it x-personal-data (or x-data-classification: confidential); positions of vehicles and devices track the people using them.`,
      path: n.path,
    });
  }
  return results;
});

/** An object holding coordinates (latitude/longitude, lat/lng, lat/lon). @param {Json} root @param {Json} schema @returns {boolean} */
function isCoordinateObject(root, schema) {
  const { value } = deref(root, schema, []);
  if (!isObject(value)) return false;
  const names = new Set([...objectShape(root, value, []).props.keys()].map(squash));
  return (names.has('latitude') && names.has('longitude')) || (names.has('lat') && (names.has('lng') || names.has('lon') || names.has('long')));
}
