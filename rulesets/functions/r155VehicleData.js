import { createRulesetFunction } from './lib/define.js';
import { allSchemaNodes, deref, effectiveParameters, extension, isObject, objectShape, operations, rootOf, squash, wordsOf } from './lib/packs.js';

// latitude, longitude and geoLocation are in the core personal-data-marked dictionary (raised to warn
// by the r155 profile); this rule adds the vocabulary of vehicle positions.
const LOCATION = new Set(['lat', 'lon', 'lng', 'long', 'gps', 'gnss', 'geoposition', 'gpsposition', 'gpslocation', 'geocoordinates', 'gpscoordinates', 'coordinates', 'vehiclelocation', 'vehicleposition', 'currentlocation', 'currentposition', 'lastknownlocation', 'lastknownposition', 'parkinglocation', 'parkedlocation', 'position', 'location']);
const MARKERS = ['x-personal-data', 'x-pii', 'x-sap-dpp-is-potentially-personal', 'x-data-classification'];

/**
 * Vehicle data that identifies or tracks people:
 * - `vin-identifier`: path and query parameters are not VINs (use an opaque vehicle id);
 * - `location-classified`: position properties of vehicles and devices (lat/lng, gps, gnss,
 *   coordinates, vehicleLocation, position, location …) carry x-personal-data (or x-pii,
 *   x-data-classification) on the property or its object, unless info.x-data-classification is
 *   confidential or restricted. latitude/longitude/geoLocation are left to the core
 *   personal-data-marked rule.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['vin-identifier', 'location-classified'] } } } },
  function r155VehicleData(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    if (options.check === 'vin-identifier') {
      const seen = new Set();
      for (let opI = 0, opList = operations(root); opI < opList.length; opI++) {
        const op = opList[opI];
        for (const { param, path } of effectiveParameters(root, op)) {
          if (param.in !== 'path' && param.in !== 'query') continue;
          const key = path.join('/');
          if (seen.has(key)) continue;
          seen.add(key);
          const sq = squash(param.name);
          if (wordsOf(param.name).includes('vin') || sq === 'vehicleidentificationnumber') {
            results.push({ message: `${param.in === 'path' ? 'Path' : 'Query'} parameter '${param.name}' is a VIN: VINs are permanent, personal identifiers that end up in logs; address vehicles by an opaque id.`, path });
          }
        }
      }
      return results;
    }
    const cls = isObject(root.info) ? root.info['x-data-classification'] : undefined;
    if (cls === 'confidential' || cls === 'restricted') return results;
    for (const n of allSchemaNodes(root)) {
      if (!n.name || !n.parent || !LOCATION.has(squash(n.name))) continue;
      // position/location: only objects or coordinate strings, not a sort position (integer) or a location id.
      if ((squash(n.name) === 'position' || squash(n.name) === 'location') && !isCoordinateObject(root, n.schema)) continue;
      if (n.path[n.path.length - 2] !== 'properties') continue;
      if (extension(n.schema, MARKERS) || extension(n.parent, MARKERS) || extension(deref(root, n.schema, []).value, MARKERS)) continue;
      results.push({ message: `Location property '${n.name}' is not classified: mark it x-personal-data (or x-data-classification: confidential); positions of vehicles and devices track the people using them.`, path: n.path });
    }
    return results;
  },
);

/** An object holding coordinates (latitude/longitude, lat/lng, lat/lon). */
function isCoordinateObject(root, schema) {
  const { value } = deref(root, schema, []);
  if (!isObject(value)) return false;
  const names = new Set([...objectShape(root, value, []).props.keys()].map(squash));
  return (names.has('latitude') && names.has('longitude')) || (names.has('lat') && (names.has('lng') || names.has('lon') || names.has('long')));
}
