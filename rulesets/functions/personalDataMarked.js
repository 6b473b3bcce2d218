import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf } from './lib/doc.js';
import { documentParts, markedOnPath, matchTerm, schemaTypes } from './lib/compliance.js';

/** Names that denote personal data (GDPR Art. 4(1)): identifiers, contact, location, financial, online identifiers. */
export const DEFAULT_PERSONAL_DATA_NAMES = [
  'email', 'eMail', 'emailAddress', 'phone', 'phoneNumber', 'mobile', 'mobileNumber', 'fax', 'faxNumber',
  'firstName', 'lastName', 'middleName', 'fullName', 'surname', 'givenName', 'familyName', 'maidenName',
  'birthDate', 'dateOfBirth', 'dob', 'birthday', 'placeOfBirth', 'gender', 'nationality',
  'address', 'streetAddress', 'street', 'addressLine1', 'addressLine2', 'postalCode', 'postcode', 'zipCode',
  'iban', 'bankAccountNumber', 'cardNumber', 'creditCardNumber',
  'ssn', 'socialSecurityNumber', 'nationalId', 'nationalIdNumber', 'passportNumber', 'taxId', 'taxNumber',
  'driverLicenseNumber', 'driversLicenseNumber', 'licensePlate', 'vin',
  'deviceId', 'imei', 'latitude', 'longitude', 'geoLocation',
];
/** Names that end like a dictionary entry but denote technical data (`serverAddress`, `macAddress`). */
export const DEFAULT_EXCLUDED_NAMES = [
  'ipAddress', 'ipv4Address', 'ipv6Address', 'macAddress', 'hardwareAddress', 'serverAddress', 'hostAddress',
  'nodeAddress', 'networkAddress', 'bindAddress', 'listenAddress', 'gatewayAddress', 'subAddress',
  'walletAddress', 'contractAddress', 'memoryAddress', 'webhookAddress', 'callbackAddress',
];
export const DEFAULT_MARKERS = ['x-personal-data', 'x-pii'];

/**
 * Properties and parameters whose names match the personal-data dictionary (`names`; a name
 * matches when its words end with a dictionary entry: `billingAddress`, `customer_email`) carry
 * one of `markers` — on themselves, on the schema they reference, or on an enclosing object.
 * Names matching `exclude` (same word-suffix matching; default: technical addresses such as
 * `serverAddress`, `macAddress`) are skipped, and so are boolean properties (`hasEmail` is a fact
 * about data, not the data).
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        names: { type: 'array', items: { type: 'string' } },
        markers: { type: 'array', items: { type: 'string' }, minItems: 1 },
        exclude: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  function personalDataMarked(_input, options, context) {
    const root = rootOf(context);
    const names = options?.names ?? DEFAULT_PERSONAL_DATA_NAMES;
    const markers = options?.markers ?? DEFAULT_MARKERS;
    const exclude = options?.exclude ?? DEFAULT_EXCLUDED_NAMES;
    const personal = (name) => (matchTerm(name, exclude) === undefined ? matchTerm(name, names) : undefined);
    const hasMarker = (node) => isObject(node) && markers.some((m) => Object.hasOwn(node, m) && node[m] !== false);
    const markerList = markers.join(' or ');
    const parts = documentParts(root);
    const results = [];
    for (const site of parts.properties) {
      const { name, schema } = site;
      const term = personal(name);
      if (term === undefined) continue;
      const types = schemaTypes(root, schema);
      if (types.length > 0 && types.every((t) => t === 'boolean' || t === 'null')) continue;
      const path = site.path;
      if (hasMarker(schema) || hasMarker(deref(root, schema, []).value) || markedOnPath(root, path, markers)) continue;
      results.push({ message: `Property '${name}' looks like personal data ('${term}') but is not marked with ${markerList}`, path });
    }
    for (const site of parts.parameters) {
      const { param } = site;
      if (typeof param.name !== 'string') continue;
      const term = personal(param.name);
      if (term === undefined) continue;
      const path = site.path;
      if (hasMarker(param) || hasMarker(deref(root, param.schema, []).value) || markedOnPath(root, path, markers)) continue;
      const types = schemaTypes(root, param.schema);
      if (types.length > 0 && types.every((t) => t === 'boolean' || t === 'null')) continue;
      results.push({ message: `Parameter '${param.name}' looks like personal data ('${term}') but is not marked with ${markerList}`, path: [...path, 'name'] });
    }
    return results;
  },
);
