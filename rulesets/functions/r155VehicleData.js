import { createRulesetFunction } from '@stoplight/spectral-core';
import { allSchemaNodes, effectiveParameters, extension, isObject, operations, rootOf, squash, wordsOf } from './lib/packs.js';

const LOCATION = new Set(['latitude', 'longitude', 'lat', 'lon', 'lng', 'gps', 'gnss', 'geolocation', 'geoposition', 'gpsposition', 'gpslocation', 'geocoordinates', 'gpscoordinates', 'vehiclelocation', 'vehicleposition', 'currentlocation', 'lastknownlocation', 'parkinglocation']);
const MARKERS = ['x-personal-data', 'x-pii', 'x-sap-dpp-is-potentially-personal', 'x-data-classification'];

/**
 * Vehicle data that identifies or tracks people:
 * - `vin-identifier`: path and query parameters are not VINs (use an opaque vehicle id);
 * - `location-classified`: location/GNSS properties carry x-personal-data (or x-pii,
 *   x-data-classification) on the property or its object, unless info.x-data-classification is
 *   confidential or restricted.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['vin-identifier', 'location-classified'] } } } },
  function r155VehicleData(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    if (options.check === 'vin-identifier') {
      const seen = new Set();
      for (const op of operations(root)) {
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
      if (n.path[n.path.length - 2] !== 'properties') continue;
      if (extension(n.schema, MARKERS) || extension(n.parent, MARKERS)) continue;
      results.push({ message: `Location property '${n.name}' is not classified: mark it x-personal-data (or x-data-classification: confidential); positions of vehicles and devices track the people using them.`, path: n.path });
    }
    return results;
  },
);
