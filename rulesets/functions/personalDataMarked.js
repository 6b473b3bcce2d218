// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf } from './lib/doc.js';
import { documentParts, markedOnPath, matchTerm, nameWords, schemaTypes } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** Names that denote personal data (GDPR Art. 4(1)): identifiers, contact, location, financial, online identifiers. */
export const DEFAULT_PERSONAL_DATA_NAMES = [
  'email',
  'eMail',
  'emailAddress',
  'phone',
  'phoneNumber',
  'mobile',
  'mobileNumber',
  'fax',
  'faxNumber',
  'firstName',
  'lastName',
  'middleName',
  'fullName',
  'surname',
  'givenName',
  'familyName',
  'maidenName',
  'birthDate',
  'dateOfBirth',
  'dob',
  'birthday',
  'placeOfBirth',
  'gender',
  'nationality',
  'address',
  'streetAddress',
  'street',
  'addressLine1',
  'addressLine2',
  'postalCode',
  'postcode',
  'zipCode',
  'iban',
  'bankAccountNumber',
  'cardNumber',
  'creditCardNumber',
  'ssn',
  'socialSecurityNumber',
  'nationalId',
  'nationalIdNumber',
  'passportNumber',
  'taxId',
  'taxNumber',
  'driverLicenseNumber',
  'driversLicenseNumber',
  'licensePlate',
  'vin',
  'deviceId',
  'imei',
  'latitude',
  'longitude',
  'geoLocation',
];
/** Names that end like a dictionary entry but denote technical data (`serverAddress`, `macAddress`). */
export const DEFAULT_EXCLUDED_NAMES = [
  'ipAddress',
  'ipv4Address',
  'ipv6Address',
  'macAddress',
  'hardwareAddress',
  'serverAddress',
  'hostAddress',
  'nodeAddress',
  'networkAddress',
  'bindAddress',
  'listenAddress',
  'gatewayAddress',
  'subAddress',
  'walletAddress',
  'contractAddress',
  'memoryAddress',
  'webhookAddress',
  'callbackAddress',
];
export const DEFAULT_MARKERS = ['x-personal-data', 'x-pii'];
/** Words that name a person in a schema or parent property name (`simple-user`, `owner`). */
const PERSON_WORDS = new Set([
  'user',
  'users',
  'person',
  'people',
  'persons',
  'customer',
  'customers',
  'contact',
  'contacts',
  'employee',
  'employees',
  'member',
  'members',
  'owner',
  'owners',
  'author',
  'authors',
  'committer',
  'committers',
  'patient',
  'patients',
  'account',
  'accounts',
  'profile',
  'profiles',
  'holder',
  'applicant',
  'recipient',
  'sender',
  'payer',
  'payee',
  'buyer',
  'seller',
  'guest',
  'student',
  'teacher',
  'driver',
  'passenger',
  'beneficiary',
  'subscriber',
  'actor',
  'assignee',
  'assignees',
  'reviewer',
  'reviewers',
  'collaborator',
  'collaborators',
  'follower',
  'followers',
]);
/** Words that name a thing (`Repository.full_name` is `octocat/Hello-World`, not a person's name). */
const THING_WORDS = new Set([
  'repository',
  'repositories',
  'repo',
  'repos',
  'project',
  'projects',
  'package',
  'packages',
  'organization',
  'organizations',
  'org',
  'orgs',
  'team',
  'teams',
  'app',
  'apps',
  'application',
  'applications',
  'installation',
  'workflow',
  'workflows',
  'branch',
  'branches',
  'commit',
  'commits',
  'file',
  'files',
  'gist',
  'gists',
  'tag',
  'tags',
  'release',
  'releases',
  'product',
  'products',
  'service',
  'services',
  'server',
  'servers',
  'resource',
  'resources',
  'module',
  'modules',
  'image',
  'images',
  'container',
  'containers',
  'bucket',
  'buckets',
  'dataset',
  'datasets',
  'namespace',
  'namespaces',
  'cluster',
  'clusters',
  'deployment',
  'deployments',
  'artifact',
  'artifacts',
  'environment',
  'environments',
  'template',
  'templates',
  'runner',
  'runners',
  'license',
  'licenses',
  'topic',
  'topics',
  'label',
  'labels',
  'milestone',
  'milestones',
  'pipeline',
  'pipelines',
  'job',
  'jobs',
  'hook',
  'hooks',
  'webhook',
  'webhooks',
  'integration',
  'integrations',
  'plan',
  'plans',
  'category',
  'categories',
  'language',
  'languages',
  'dependency',
  'dependencies',
  'registry',
  'registries',
  'device',
  'devices',
  'merchant',
  'company',
  'companies',
  'business',
  'businesses',
  'store',
  'stores',
  'shop',
  'shops',
  'location',
  'locations',
  'site',
  'sites',
]);

/**
 * Whether the names around a property say it belongs to a person or a thing: the nearest
 * enclosing property name, then the next, then the component name, first one that tells.
 * @param {Path} path @returns {'person' | 'thing' | undefined}
 */
function ownerKind(path) {
  for (let i = path.length - 2; i >= 1; i--) {
    const above = path[i - 1];
    if (above !== 'properties' && !(above === 'schemas' && i === 2)) continue;
    const words = nameWords(path[i]);
    if (words.some((w) => PERSON_WORDS.has(w))) return 'person';
    if (words.some((w) => THING_WORDS.has(w))) return 'thing';
  }
  return undefined;
}

/**
 * Properties and parameters whose names match the personal-data dictionary (`names`; a name
 * matches when its words end with a dictionary entry: `billingAddress`, `customer_email`) carry
 * one of `markers` — on themselves, on the schema they reference, or on an enclosing object.
 * Names matching `exclude` (same word-suffix matching; default: technical addresses such as
 * `serverAddress`, `macAddress`) are skipped, and so are boolean properties (`hasEmail` is a fact
 * about data, not the data) and properties whose nearest named owner is a thing, not a person
 * (`Repository.full_name`; `Repository.owner.email` still counts).
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
  /** @param {Json} _input @param {{ names?: string[], markers?: string[], exclude?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function personalDataMarked(_input, options, context) {
    const root = rootOf(context);
    const names = options?.names ?? DEFAULT_PERSONAL_DATA_NAMES;
    const markers = options?.markers ?? DEFAULT_MARKERS;
    const exclude = options?.exclude ?? DEFAULT_EXCLUDED_NAMES;
    /** @param {string} name */
    const personal = (name) => (matchTerm(name, exclude) === undefined ? matchTerm(name, names) : undefined);
    /** @param {Json} node */
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
      // a repository's full_name or a company's address is not a person's
      if (ownerKind(path) === 'thing') continue;
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
