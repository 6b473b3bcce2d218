// Shared helpers for the industry packs (psd2, fhir, r155, gdpr). Plain ESM JavaScript like
// ./doc.js (which stays read-only for the packs): pure, bounded, never throws on odd input, and
// memoised per linted document through `cached`.
import { cached, decodeSegment, deref, effectiveParameters, effectiveSecurity, isObject, operations, rootOf, typesOf, walkSchema } from './doc.js';

export { cached, deref, effectiveParameters, effectiveSecurity, isObject, operations, rootOf, typesOf, walkSchema };

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
export function isWrite(method) {
  return WRITE_METHODS.has(method);
}

/** Path segments of a path key, without empty ones. */
export function segmentsOf(pathKey) {
  return typeof pathKey === 'string' ? pathKey.split('/').filter((s) => s !== '') : [];
}

export function isTemplate(seg) {
  return typeof seg === 'string' && /^\{[^}]*\}$/.test(seg);
}

/** `/a/{x}/b` → `/a/{}/b`: paths compared modulo parameter names. */
export function normalisePath(pathKey) {
  return typeof pathKey === 'string' ? pathKey.replace(/\{[^}/]*\}/g, '{}').replace(/\/+$/, '') : '';
}

/** Lower-case words of an identifier: `dateOfBirth`, `date_of_birth`, `Date-Of-Birth` → [date, of, birth]. */
export function wordsOf(name) {
  if (typeof name !== 'string') return [];
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** `date_of-Birth` → `dateofbirth`. */
export function squash(name) {
  return typeof name === 'string' ? name.toLowerCase().replace(/[^a-z0-9]/g, '') : '';
}

/** Header parameters in force for an operation, keyed by lower-case name. */
export function headerParams(root, op) {
  const out = new Map();
  for (const p of effectiveParameters(root, op)) {
    if (p.param.in === 'header') out.set(p.param.name.toLowerCase(), p);
  }
  return out;
}

/** Parameters in force for an operation that are `in` the given place. */
export function paramsIn(root, op, where) {
  return effectiveParameters(root, op).filter((p) => p.param.in === where);
}

/** Every response of an operation, refs followed: { code, response, path }. */
export function responsesOf(root, op) {
  const out = [];
  const rs = op.operation.responses;
  if (!isObject(rs)) return out;
  for (const code of Object.keys(rs)) {
    const { value, path } = deref(root, rs[code], [...op.path, 'responses', code]);
    if (isObject(value)) out.push({ code: String(code), response: value, path: path ?? [...op.path, 'responses', code] });
  }
  return out;
}

/** Whether an operation declares a response code, honouring `4XX`-style ranges when `ranges` is true. */
export function hasCode(op, code, ranges = true) {
  const rs = op.operation.responses;
  if (!isObject(rs)) return false;
  if (Object.hasOwn(rs, code)) return true;
  if (!ranges) return false;
  const cls = String(code)[0];
  return Object.hasOwn(rs, `${cls}XX`) || Object.hasOwn(rs, `${cls}xx`);
}

/** Response headers keyed by lower-case name: { header, path }. */
export function responseHeaders(root, response, responsePath) {
  const out = new Map();
  if (!isObject(response) || !isObject(response.headers)) return out;
  for (const name of Object.keys(response.headers)) {
    const { value, path } = deref(root, response.headers[name], [...responsePath, 'headers', name]);
    out.set(name.toLowerCase(), { header: isObject(value) ? value : {}, path: path ?? [...responsePath, 'headers', name], name });
  }
  return out;
}

/** Media types of a content map: { mediaType, media, schema (raw), path }. */
export function contentOf(content, contentPath) {
  const out = [];
  if (!isObject(content)) return out;
  for (const mt of Object.keys(content)) {
    const media = content[mt];
    if (!isObject(media)) continue;
    out.push({ mediaType: mt, base: mt.split(';')[0].trim().toLowerCase(), media, schema: media.schema, path: [...contentPath, mt] });
  }
  return out;
}

/** The request body of an operation, ref followed: { body, path } or undefined. */
export function requestBodyOf(root, op) {
  if (op.operation.requestBody === undefined) return undefined;
  const { value, path } = deref(root, op.operation.requestBody, [...op.path, 'requestBody']);
  return isObject(value) ? { body: value, path: path ?? [...op.path, 'requestBody'] } : undefined;
}

/** The last segment of a local `$ref` (the component's name), or undefined. */
export function refName(node) {
  if (!isObject(node) || typeof node.$ref !== 'string') return undefined;
  const i = node.$ref.lastIndexOf('/');
  return i >= 0 ? decodeSegment(node.$ref.slice(i + 1)) : undefined;
}

/**
 * Top-level properties of an object schema, allOf members and refs followed:
 * { props: Map(name → { schema (resolved), raw, path }), required: Set }.
 */
export function objectShape(root, schema, path, depth = 0) {
  const props = new Map();
  const required = new Set();
  const visit = (raw, p, d) => {
    if (d > 8) return;
    const { value: s, path: sp } = deref(root, raw, p);
    if (!isObject(s)) return;
    const where = sp ?? p;
    if (Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') required.add(r);
    if (isObject(s.properties)) {
      for (const k of Object.keys(s.properties)) {
        if (props.has(k)) continue;
        const { value: ps, path: pp } = deref(root, s.properties[k], [...where, 'properties', k]);
        props.set(k, { schema: isObject(ps) ? ps : {}, raw: s.properties[k], path: pp ?? [...where, 'properties', k] });
      }
    }
    if (Array.isArray(s.allOf)) s.allOf.forEach((m, i) => visit(m, [...where, 'allOf', String(i)], d + 1));
  };
  visit(schema, path, depth);
  return { props, required };
}

/** Resolved schema (deref'd once) with its location. */
export function resolved(root, schema, path) {
  const { value, path: p } = deref(root, schema, path);
  return { schema: isObject(value) ? value : undefined, path: p ?? path };
}

/** All string values a schema documents: enum, const, default, example(s). */
export function documentedValues(schema) {
  const out = [];
  if (!isObject(schema)) return out;
  if (Array.isArray(schema.enum)) out.push(...schema.enum);
  for (const k of ['const', 'default', 'example']) if (schema[k] !== undefined) out.push(schema[k]);
  if (Array.isArray(schema.examples)) out.push(...schema.examples);
  return out.filter((v) => typeof v === 'string');
}

/**
 * Every schema node written in the document (components and inline, refs NOT followed, so each
 * node is seen once; a named property that is a `$ref` is listed with its name), memoised:
 * { schema, path, name (property name when the node is a property), parent (the object schema
 * holding the property) }.
 */
export function allSchemaNodes(root) {
  return cached(root, 'packs:allSchemaNodes', () => {
    const out = [];
    if (!isObject(root)) return out;
    const seen = new Set();
    const stack = [];
    const pushSchema = (s, p, name, parent) => {
      if (isObject(s)) stack.push([s, p, name, parent]);
    };
    const pushContent = (content, p) => {
      if (!isObject(content)) return;
      for (const mt of Object.keys(content)) if (isObject(content[mt])) pushSchema(content[mt].schema, [...p, mt, 'schema']);
    };
    const pushParam = (param, p) => {
      if (!isObject(param)) return;
      pushSchema(param.schema, [...p, 'schema'], typeof param.name === 'string' ? param.name : undefined);
      pushContent(param.content, [...p, 'content']);
    };
    const pushHeaders = (headers, p) => {
      if (!isObject(headers)) return;
      for (const h of Object.keys(headers)) if (isObject(headers[h])) pushSchema(headers[h].schema, [...p, h, 'schema']);
    };
    const pushResponse = (r, p) => {
      if (!isObject(r)) return;
      pushContent(r.content, [...p, 'content']);
      pushHeaders(r.headers, [...p, 'headers']);
    };
    const c = root.components;
    if (isObject(c)) {
      if (isObject(c.schemas)) for (const k of Object.keys(c.schemas)) pushSchema(c.schemas[k], ['components', 'schemas', k]);
      if (isObject(c.parameters)) for (const k of Object.keys(c.parameters)) pushParam(c.parameters[k], ['components', 'parameters', k]);
      if (isObject(c.headers)) pushHeaders(c.headers, ['components', 'headers']);
      if (isObject(c.requestBodies)) for (const k of Object.keys(c.requestBodies)) if (isObject(c.requestBodies[k])) pushContent(c.requestBodies[k].content, ['components', 'requestBodies', k, 'content']);
      if (isObject(c.responses)) for (const k of Object.keys(c.responses)) pushResponse(c.responses[k], ['components', 'responses', k]);
    }
    for (const op of operations(root)) {
      const o = op.operation;
      if (Array.isArray(o.parameters)) o.parameters.forEach((p, i) => pushParam(p, [...op.path, 'parameters', String(i)]));
      if (isObject(o.requestBody)) pushContent(o.requestBody.content, [...op.path, 'requestBody', 'content']);
      if (isObject(o.responses)) for (const code of Object.keys(o.responses)) pushResponse(o.responses[code], [...op.path, 'responses', code]);
    }
    for (const container of ['paths', 'webhooks']) {
      const items = root[container];
      if (!isObject(items)) continue;
      for (const k of Object.keys(items)) {
        const item = items[k];
        if (isObject(item) && Array.isArray(item.parameters)) item.parameters.forEach((p, i) => pushParam(p, [container, k, 'parameters', String(i)]));
      }
    }
    let n = 0;
    while (stack.length > 0 && n++ < 200000) {
      const [s, p, name, parent] = stack.pop();
      if (seen.has(s)) continue;
      seen.add(s);
      if (typeof s.$ref === 'string') {
        // `email: {$ref: Email}` is a field named email: its name counts, its target is walked where it is defined
        if (name !== undefined) out.push({ schema: s, path: p, name, parent });
        continue;
      }
      out.push({ schema: s, path: p, name, parent });
      if (isObject(s.properties)) for (const k of Object.keys(s.properties)) pushSchema(s.properties[k], [...p, 'properties', k], k, s);
      if (isObject(s.patternProperties)) for (const k of Object.keys(s.patternProperties)) pushSchema(s.patternProperties[k], [...p, 'patternProperties', k]);
      if (isObject(s.items)) pushSchema(s.items, [...p, 'items'], name, parent);
      if (Array.isArray(s.prefixItems)) s.prefixItems.forEach((x, i) => pushSchema(x, [...p, 'prefixItems', String(i)]));
      if (isObject(s.additionalProperties)) pushSchema(s.additionalProperties, [...p, 'additionalProperties']);
      for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[k])) s[k].forEach((x, i) => pushSchema(x, [...p, k, String(i)], name, parent));
      if (isObject(s.not)) pushSchema(s.not, [...p, 'not']);
    }
    return out;
  });
}

/**
 * Property schemas reachable from a set of root schemas, refs followed, every schema node visited
 * once across all roots: { name, schema, path, target (where the property schema lives), parent }.
 * Bounded by `maxNodes`.
 */
export function reachableProperties(root, roots, maxNodes = 5000) {
  const out = [];
  const seen = new Set();
  const stack = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push([roots[i].schema, roots[i].path]);
  let n = 0;
  while (stack.length > 0 && n++ < maxNodes) {
    const [raw, p] = stack.pop();
    const { value: s, path: sp } = deref(root, raw, p);
    if (!isObject(s) || seen.has(s)) continue;
    seen.add(s);
    const where = sp ?? p;
    if (isObject(s.properties)) {
      for (const k of Object.keys(s.properties)) {
        const { value, path: pp } = deref(root, s.properties[k], [...where, 'properties', k]);
        if (isObject(value)) out.push({ name: k, schema: value, path: [...where, 'properties', k], target: pp, parent: s });
        stack.push([s.properties[k], [...where, 'properties', k]]);
      }
    }
    if (isObject(s.items)) stack.push([s.items, [...where, 'items']]);
    if (Array.isArray(s.prefixItems)) s.prefixItems.forEach((x, i) => stack.push([x, [...where, 'prefixItems', String(i)]]));
    if (isObject(s.additionalProperties)) stack.push([s.additionalProperties, [...where, 'additionalProperties']]);
    for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[k])) s[k].forEach((x, i) => stack.push([x, [...where, k, String(i)]]));
  }
  return out;
}

/** Body schemas of an operation: request and/or responses (2xx by default). { schema, path, code, mediaType, kind } */
export function bodySchemas(root, op, { request = true, response = true, codes = /^2/ } = {}) {
  const out = [];
  if (request) {
    const rb = requestBodyOf(root, op);
    if (rb) for (const m of contentOf(rb.body.content, [...rb.path, 'content'])) if (m.schema !== undefined) out.push({ schema: m.schema, path: [...m.path, 'schema'], mediaType: m.base, kind: 'request' });
  }
  if (response) {
    for (const r of responsesOf(root, op)) {
      if (!codes.test(r.code)) continue;
      for (const m of contentOf(r.response.content, [...r.path, 'content'])) if (m.schema !== undefined) out.push({ schema: m.schema, path: [...m.path, 'schema'], mediaType: m.base, code: r.code, kind: 'response' });
    }
  }
  return out;
}

/** Declared security schemes, refs followed: Map(name → scheme). */
export function securitySchemes(root) {
  return cached(root, 'packs:securitySchemes', () => {
    const out = new Map();
    const s = isObject(root) && isObject(root.components) ? root.components.securitySchemes : undefined;
    if (!isObject(s)) return out;
    for (const k of Object.keys(s)) {
      const { value } = deref(root, s[k], ['components', 'securitySchemes', k]);
      if (isObject(value)) out.set(k, value);
    }
    return out;
  });
}

/** Effective security alternatives of an operation as [{ schemes: [{name, scheme, scopes}] }], undefined when none is declared. */
export function securityAlternatives(root, op) {
  const eff = effectiveSecurity(root, op.operation);
  if (!Array.isArray(eff.requirements)) return { alternatives: undefined, level: eff.level };
  const schemes = securitySchemes(root);
  const alternatives = eff.requirements.filter(isObject).map((req) => ({
    schemes: Object.keys(req).map((name) => ({ name, scheme: schemes.get(name), scopes: Array.isArray(req[name]) ? req[name].filter((x) => typeof x === 'string') : [] })),
  }));
  return { alternatives, level: eff.level };
}

/** Path of an operation's security declaration (operation-level, else document-level). */
export function securityPath(op, level) {
  return level === 'operation' ? [...op.path, 'security'] : level === 'document' ? ['security'] : op.path;
}

/** `GET /a/b` for messages. */
export function opLabel(op) {
  return `${op.method.toUpperCase()} ${op.pathKey}${op.isWebhook ? ' (webhook)' : ''}`;
}

/** Human list: `a, b and c`. */
export function list(items) {
  const xs = items.map(String);
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** The first value of a parameter or header: its schema, resolved. */
export function paramSchema(root, param, path) {
  if (!isObject(param)) return { schema: undefined, path };
  if (param.schema !== undefined) return resolved(root, param.schema, [...path, 'schema']);
  if (isObject(param.content)) {
    const mt = Object.keys(param.content)[0];
    if (mt && isObject(param.content[mt])) return resolved(root, param.content[mt].schema, [...path, 'content', mt, 'schema']);
  }
  return { schema: undefined, path };
}

/** Extension value by any of several names (aliases), first found: { key, value } or undefined. */
export function extension(node, keys) {
  if (!isObject(node)) return undefined;
  for (const k of keys) if (Object.hasOwn(node, k)) return { key: k, value: node[k] };
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// PSD2 (Berlin Group NextGenPSD2 XS2A 1.3.x)

const XS2A_RESOURCES = new Set(['accounts', 'card-accounts', 'consents', 'payments', 'bulk-payments', 'periodic-payments', 'funds-confirmations', 'signing-baskets', 'trusted-beneficiaries']);
const PAYMENT_SERVICES = new Set(['payments', 'bulk-payments', 'periodic-payments']);
export const PSD2_PAYMENT_SERVICES = [...PAYMENT_SERVICES];
const PAYMENT_SERVICE_TEMPLATE = /^\{[^}]*payment[-_]?service[^}]*\}$/i;
const PAYMENT_PRODUCT = /^(\{[^}]*payment[-_]?product[^}]*\}|(pain\.001-)?(sepa-credit-transfers|instant-sepa-credit-transfers|target-2-payments|cross-border-credit-transfers)|pain\.001-.+)$/i;
const PSD2_HEADERS = new Set(['consent-id', 'psu-ip-address', 'psu-id', 'tpp-redirect-uri', 'tpp-signature-certificate', 'tpp-nok-redirect-uri', 'tpp-redirect-preferred']);

/**
 * Where an XS2A resource starts in a path: `/v1/accounts/{account-id}` → { resource: 'accounts',
 * rest: ['{account-id}'], version: 'v1' }. Static prefix segments (`/psd2/v1/…`) are allowed.
 */
export function xs2aResource(pathKey) {
  const segs = segmentsOf(pathKey);
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    if (isTemplate(s) && !PAYMENT_SERVICE_TEMPLATE.test(s)) return undefined;
    const isRes = XS2A_RESOURCES.has(s) || PAYMENT_SERVICE_TEMPLATE.test(s);
    if (!isRes) continue;
    const prev = i > 0 ? segs[i - 1] : undefined;
    const version = prev && /^v\d+$/.test(prev) ? prev : undefined;
    if (i > 0 && !version) return undefined;
    const resource = PAYMENT_SERVICE_TEMPLATE.test(s) ? '{payment-service}' : s;
    return { resource, rest: segs.slice(i + 1), version, isPayment: resource === '{payment-service}' || PAYMENT_SERVICES.has(resource) };
  }
  return undefined;
}

/** Classifies an XS2A operation. */
function psd2Classify(op, res) {
  const m = op.method;
  const last = res.rest[res.rest.length - 1];
  return {
    consentCreation: m === 'post' && res.resource === 'consents' && (res.rest.length === 0 || (res.rest.length === 1 && res.rest[0] === 'confirmation-of-funds')),
    aisConsentCreation: m === 'post' && res.resource === 'consents' && res.rest.length === 0,
    paymentInitiation: m === 'post' && res.isPayment && res.rest.length === 1 && PAYMENT_PRODUCT.test(res.rest[0]),
    signingBasketCreation: m === 'post' && res.resource === 'signing-baskets' && res.rest.length === 0,
    accountRead: m === 'get' && (res.resource === 'accounts' || res.resource === 'card-accounts'),
    authorisationStart: m === 'post' && (last === 'authorisations' || last === 'cancellation-authorisations'),
  };
}

/**
 * The document as an XS2A interface: { isXs2a, ops: [{ op, res, kind }] }. A document counts as
 * XS2A when it has a Berlin Group-only resource (consents, funds-confirmations, card-accounts,
 * signing-baskets, payment initiation by product) or declares a Berlin Group header
 * (Consent-ID, PSU-*, TPP-*); plain `/v1/accounts` alone (Stripe) does not.
 */
export function psd2Doc(root) {
  return cached(root, 'packs:psd2Doc', () => {
    const ops = [];
    let distinctive = false;
    for (const op of operations(root)) {
      if (op.isWebhook) continue;
      const res = xs2aResource(op.pathKey);
      if (!res) continue;
      const kind = psd2Classify(op, res);
      ops.push({ op, res, kind });
      if (['consents', 'funds-confirmations', 'card-accounts', 'signing-baskets', '{payment-service}'].includes(res.resource)) distinctive = true;
      if (res.isPayment && res.rest.length > 0 && PAYMENT_PRODUCT.test(res.rest[0])) distinctive = true;
    }
    if (!distinctive && ops.length > 0) {
      const params = isObject(root.components) && isObject(root.components.parameters) ? Object.values(root.components.parameters) : [];
      for (const p of params) if (isObject(p) && p.in === 'header' && typeof p.name === 'string' && PSD2_HEADERS.has(p.name.toLowerCase())) distinctive = true;
      if (!distinctive) {
        for (const x of ops) {
          for (const k of headerParams(root, x.op).keys()) if (PSD2_HEADERS.has(k)) distinctive = true;
          if (distinctive) break;
        }
      }
    }
    return { isXs2a: distinctive, ops: distinctive ? ops : [] };
  });
}

/** XS2A operations in a scope: xs2a | consent-creation | payment-initiation | initiation | account-reads | sca-start. */
export function psd2Ops(root, scope) {
  const { ops } = psd2Doc(root);
  switch (scope) {
    case 'consent-creation':
      return ops.filter((x) => x.kind.consentCreation);
    case 'payment-initiation':
      return ops.filter((x) => x.kind.paymentInitiation);
    case 'initiation':
      return ops.filter((x) => x.kind.consentCreation || x.kind.paymentInitiation);
    case 'initiation-or-basket':
      return ops.filter((x) => x.kind.consentCreation || x.kind.paymentInitiation || x.kind.signingBasketCreation);
    case 'account-reads':
      return ops.filter((x) => x.kind.accountRead);
    case 'sca-start':
      return ops.filter((x) => x.kind.consentCreation || x.kind.paymentInitiation || x.kind.signingBasketCreation || x.kind.authorisationStart);
    default:
      return ops;
  }
}

/** Every schema node of an XS2A document (none for other documents). */
export function psd2SchemaNodes(root) {
  return psd2Doc(root).isXs2a ? allSchemaNodes(root) : [];
}

// ---------------------------------------------------------------------------------------------
// FHIR (HL7 FHIR R4/R4B/R5 RESTful API)

/** Resource types of FHIR R4, R4B and R5. */
export const FHIR_RESOURCE_TYPES = new Set(
  (
    'Account ActivityDefinition ActorDefinition AdministrableProductDefinition AdverseEvent AllergyIntolerance Appointment AppointmentResponse ' +
    'ArtifactAssessment AuditEvent Basic Binary BiologicallyDerivedProduct BiologicallyDerivedProductDispense BodyStructure Bundle CapabilityStatement ' +
    'CarePlan CareTeam CatalogEntry ChargeItem ChargeItemDefinition Citation Claim ClaimResponse ClinicalImpression ClinicalUseDefinition CodeSystem ' +
    'Communication CommunicationRequest CompartmentDefinition Composition ConceptMap Condition ConditionDefinition Consent Contract Coverage ' +
    'CoverageEligibilityRequest CoverageEligibilityResponse DetectedIssue Device DeviceAssociation DeviceDefinition DeviceDispense DeviceMetric ' +
    'DeviceRequest DeviceUsage DeviceUseStatement DiagnosticReport DocumentManifest DocumentReference EffectEvidenceSynthesis Encounter ' +
    'EncounterHistory Endpoint EnrollmentRequest EnrollmentResponse EpisodeOfCare EventDefinition Evidence EvidenceReport EvidenceVariable ' +
    'ExampleScenario ExplanationOfBenefit FamilyMemberHistory Flag FormularyItem GenomicStudy Goal GraphDefinition Group GuidanceResponse ' +
    'HealthcareService ImagingSelection ImagingStudy Immunization ImmunizationEvaluation ImmunizationRecommendation ImplementationGuide Ingredient ' +
    'InsurancePlan InventoryItem InventoryReport Invoice Library Linkage List Location ManufacturedItemDefinition Measure MeasureReport Media ' +
    'Medication MedicationAdministration MedicationDispense MedicationKnowledge MedicationRequest MedicationStatement MedicinalProduct ' +
    'MedicinalProductAuthorization MedicinalProductContraindication MedicinalProductDefinition MedicinalProductIndication MedicinalProductIngredient ' +
    'MedicinalProductInteraction MedicinalProductManufactured MedicinalProductPackaged MedicinalProductPharmaceutical MedicinalProductUndesirableEffect ' +
    'MessageDefinition MessageHeader MolecularSequence NamingSystem NutritionIntake NutritionOrder NutritionProduct Observation ObservationDefinition ' +
    'OperationDefinition OperationOutcome Organization OrganizationAffiliation PackagedProductDefinition Parameters Patient PaymentNotice ' +
    'PaymentReconciliation Permission Person PlanDefinition Practitioner PractitionerRole Procedure Provenance Questionnaire QuestionnaireResponse ' +
    'RegulatedAuthorization RelatedPerson RequestGroup RequestOrchestration Requirements ResearchDefinition ResearchElementDefinition ResearchStudy ' +
    'ResearchSubject RiskAssessment RiskEvidenceSynthesis Schedule SearchParameter ServiceRequest Slot Specimen SpecimenDefinition StructureDefinition ' +
    'StructureMap Subscription SubscriptionStatus SubscriptionTopic Substance SubstanceDefinition SubstanceNucleicAcid SubstancePolymer SubstanceProtein ' +
    'SubstanceReferenceInformation SubstanceSourceMaterial SubstanceSpecification SupplyDelivery SupplyRequest Task TerminologyCapabilities TestPlan ' +
    'TestReport TestScript Transport ValueSet VerificationResult VisionPrescription'
  ).split(' '),
);
const FHIR_BY_LOWER = new Map([...FHIR_RESOURCE_TYPES].map((t) => [t.toLowerCase(), t]));

/** The FHIR resource type a segment was probably meant to be (`patients`, `patient` → Patient). */
export function fhirTypeLike(seg) {
  if (typeof seg !== 'string') return undefined;
  const s = seg.toLowerCase().replace(/[-_]/g, '');
  return FHIR_BY_LOWER.get(s) ?? FHIR_BY_LOWER.get(s.replace(/ies$/, 'y')) ?? FHIR_BY_LOWER.get(s.replace(/es$/, '')) ?? FHIR_BY_LOWER.get(s.replace(/s$/, ''));
}

export const FHIR_MEDIA_TYPES = new Set(['application/fhir+json', 'application/fhir+xml']);

/**
 * Classifies an operation as a FHIR interaction from its path: [base]/[type]/… with the first
 * segment that is a resource type. kind: search-type | create | conditional | search-post |
 * history-type | read | update | patch | delete | history-instance | vread | compartment |
 * operation | capabilities | system | other; `type` the resource type; `idIndex` the path segment
 * index of {id}.
 */
export function fhirInteraction(op) {
  const segs = segmentsOf(op.pathKey);
  const m = op.method;
  const i = segs.findIndex((s) => FHIR_RESOURCE_TYPES.has(s));
  if (i < 0) {
    const last = segs[segs.length - 1];
    if (last === 'metadata') return { kind: m === 'get' ? 'capabilities' : 'other', base: segs.slice(0, -1) };
    if (last === '_history' || last === '_search' || (typeof last === 'string' && last.startsWith('$')) || (segs.length === 0 && m === 'post')) return { kind: 'system', base: segs.slice(0, -1) };
    return undefined;
  }
  const type = segs[i];
  const rest = segs.slice(i + 1);
  const base = segs.slice(0, i);
  const r = (kind) => ({ kind, type, base, rest, idIndex: i + 1 });
  if (rest.length === 0) {
    if (m === 'get') return r('search-type');
    if (m === 'post') return r('create');
    return r('conditional');
  }
  const [a, b, c] = rest;
  if (rest.length === 1 && a === '_search') return r(m === 'post' ? 'search-post' : 'other');
  if (rest.length === 1 && a === '_history') return r(m === 'get' ? 'history-type' : 'other');
  if (a.startsWith('$')) return r('operation');
  if (!isTemplate(a)) return r('other');
  if (rest.length === 1) return r({ get: 'read', head: 'read', put: 'update', patch: 'patch', delete: 'delete' }[m] ?? 'other');
  if (b === '_history') {
    if (rest.length === 2) return r(m === 'get' ? 'history-instance' : 'other');
    if (rest.length === 3 && isTemplate(c)) return r(m === 'get' ? 'vread' : 'other');
    return r('other');
  }
  if (b.startsWith('$')) return r('operation');
  if (FHIR_RESOURCE_TYPES.has(b) || b === '*') return r(rest.length === 2 ? 'compartment' : rest.length === 3 && c === '_search' ? 'compartment' : 'other');
  return r('other');
}

/**
 * The document as a FHIR server: { isFhir, ops: [{ op, it }] }. A document counts as FHIR when it
 * has GET [base]/metadata, an interaction on a resource type ([base]/Patient/{id} …), or uses a FHIR
 * media type ([base] being at most three static segments).
 */
export function fhirDoc(root) {
  return cached(root, 'packs:fhirDoc', () => {
    const ops = [];
    let isFhir = false;
    const types = new Set();
    for (const op of operations(root)) {
      if (op.isWebhook) continue;
      let it = fhirInteraction(op);
      // A FHIR base is static and short ([base] = https://host/fhir/r4): /v2/apps/{slug}/metadata is not one.
      if (it && (it.base.some(isTemplate) || it.base.length > 3)) it = undefined;
      ops.push({ op, it });
      if (it && it.kind === 'capabilities') isFhir = true;
      if (it && it.type && it.kind !== 'other') types.add(it.type);
    }
    if (types.size >= 1) isFhir = true;
    if (!isFhir) {
      outer: for (const { op } of ops) {
        const rb = requestBodyOf(root, op);
        const media = [...(rb ? contentOf(rb.body.content, []) : []), ...responsesOf(root, op).flatMap((r) => contentOf(r.response.content, []))];
        for (const m of media) if (FHIR_MEDIA_TYPES.has(m.base)) { isFhir = true; break outer; }
      }
    }
    return { isFhir, ops: isFhir ? ops : [] };
  });
}

/** FHIR interactions of a document, filtered by kind(s). */
export function fhirOps(root, kinds) {
  const want = kinds ? new Set(Array.isArray(kinds) ? kinds : [kinds]) : undefined;
  return fhirDoc(root).ops.filter((x) => x.it && (!want || want.has(x.it.kind)));
}

/**
 * The resource type a schema stands for, when it can be told: a `$ref` to a component named like
 * a resource type (`Patient`, `fhir.Patient`, `R4_Patient`), `resourceType` with a single enum/const
 * value, or a `oneOf`/`anyOf` of resources (→ 'oneOf'). Returns undefined when unknown.
 */
export function fhirSchemaType(root, schema, path, depth = 0) {
  if (depth > 6 || !isObject(schema)) return undefined;
  const name = refName(schema);
  if (name) {
    const last = name.split(/[._:]/).pop();
    if (FHIR_RESOURCE_TYPES.has(last)) return last;
    if (FHIR_RESOURCE_TYPES.has(name)) return name;
    const { value, path: p } = deref(root, schema, path);
    return fhirSchemaType(root, value, p ?? path, depth + 1);
  }
  const shape = objectShape(root, schema, path);
  const rt = shape.props.get('resourceType');
  if (rt) {
    const vals = [...(Array.isArray(rt.schema.enum) ? rt.schema.enum : []), ...(rt.schema.const !== undefined ? [rt.schema.const] : [])].filter((v) => typeof v === 'string');
    if (vals.length === 1) return vals[0];
  }
  for (const k of ['oneOf', 'anyOf']) if (Array.isArray(schema[k]) && schema[k].length > 0) return 'oneOf';
  return undefined;
}

/** `a Patient`, `an Observation`. */
export function withArticle(word) {
  return `${/^[AEIOU]/i.test(String(word)) ? 'an' : 'a'} ${word}`;
}

// ---------------------------------------------------------------------------------------------
// R155 (UNECE R155 Annex 5 mitigations mapped to API controls)

const R155_AREAS = {
  command: new Set(['commands', 'command', 'remotecommands', 'remotecommand', 'remote', 'lock', 'unlock', 'doorlock', 'doorunlock', 'lockdoors', 'unlockdoors', 'doors', 'immobilizer', 'immobiliser', 'engine', 'enginestart', 'enginestop', 'remotestart', 'remotestop', 'ignition', 'climate', 'climatisation', 'climatization', 'hvac', 'preconditioning', 'charging', 'charge', 'chargeport', 'horn', 'honk', 'lights', 'flashlights', 'honkandflash', 'hornandlights', 'trunk', 'tailgate', 'frunk', 'windows', 'wakeup', 'valetmode', 'speedlimit']),
  ota: new Set(['ota', 'otaupdate', 'otaupdates', 'firmware', 'firmwares', 'firmwareupdate', 'firmwareupdates', 'softwareupdate', 'softwareupdates', 'softwarepackage', 'softwarepackages', 'updatecampaign', 'updatecampaigns']),
  keys: new Set(['keys', 'key', 'digitalkeys', 'digitalkey', 'certificates', 'certificate', 'certs', 'cert', 'credentials', 'credential', 'csr', 'csrs', 'secrets', 'keypairs', 'pki', 'truststore', 'keystore']),
  diagnostics: new Set(['diagnostics', 'diagnostic', 'diag', 'obd', 'obd2', 'obdii', 'uds', 'dtc', 'dtcs', 'faultcodes', 'troublecodes']),
  telemetry: new Set(['telemetry', 'ingest', 'ingestion']),
  logs: new Set(['logs', 'log', 'audit', 'audits', 'auditlog', 'auditlogs', 'auditevents', 'audittrail', 'audittrails', 'securityevents', 'securitylogs', 'eventlog', 'eventlogs']),
};

/** The static segments of a path, squashed (`Remote-Start` → `remotestart`). */
function staticSquashed(pathKey) {
  return segmentsOf(pathKey).filter((s) => !isTemplate(s) && !s.startsWith('$')).map(squash);
}

/**
 * Vehicle back-end areas an operation belongs to (command, ota, keys, diagnostics, telemetry,
 * logs), from its static path segments and the `x-vehicle-command: true` marker.
 */
export function r155Areas(op) {
  const segs = staticSquashed(op.pathKey);
  const out = new Set();
  for (const [area, words] of Object.entries(R155_AREAS)) if (segs.some((s) => words.has(s))) out.add(area);
  if (op.operation['x-vehicle-command'] === true) out.add('command');
  if (out.has('command') && !isWrite(op.method)) out.delete('command');
  if (out.has('telemetry') && op.method !== 'post' && op.method !== 'put') out.delete('telemetry');
  return out;
}

/** Operations of an area, memoised per document. */
export function r155Ops(root, area) {
  const all = cached(root, 'packs:r155Ops', () => operations(root).map((op) => ({ op, areas: r155Areas(op) })));
  return all.filter((x) => x.areas.has(area)).map((x) => x.op);
}

/** The last static segment of a path, squashed. */
export function lastStatic(pathKey) {
  const s = staticSquashed(pathKey);
  return s[s.length - 1];
}

/** Names of the header parameters and top-level request-body properties of an operation (squashed). */
export function requestFieldNames(root, op) {
  const names = new Set();
  for (const p of effectiveParameters(root, op)) if (p.param.in === 'header' || p.param.in === 'query') names.add(squash(p.param.name));
  const rb = requestBodyOf(root, op);
  if (rb) for (const m of contentOf(rb.body.content, [...rb.path, 'content'])) if (m.schema !== undefined) for (const k of objectShape(root, m.schema, [...m.path, 'schema']).props.keys()) names.add(squash(k));
  return names;
}

/** Whether a scheme is a strong client authentication (mutualTLS, OAuth 2.0, OpenID Connect, HTTP bearer). */
export function strongScheme(scheme) {
  if (!isObject(scheme)) return false;
  if (scheme.type === 'mutualTLS' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return true;
  return scheme.type === 'http' && typeof scheme.scheme === 'string' && scheme.scheme.toLowerCase() === 'bearer';
}

// ---------------------------------------------------------------------------------------------
// GDPR (Regulation (EU) 2016/679): x-personal-data annotations and a personal-data dictionary

/** Markers that say "personal data" (apictl convention, its alias, SAP's DPP annotations). */
export const GDPR_MARKERS = ['x-personal-data', 'x-pii', 'x-sap-dpp-is-potentially-personal', 'x-sap-dpp-is-potentially-sensitive'];
/** Markers whose object value follows the apictl annotation schema. */
export const GDPR_ANNOTATIONS = ['x-personal-data', 'x-pii'];
export const GDPR_CATEGORIES = ['identifier', 'contact', 'financial', 'location', 'online-identifier', 'demographic', 'special', 'other'];
export const GDPR_LEGAL_BASES = ['consent', 'contract', 'legal-obligation', 'vital-interests', 'public-task', 'legitimate-interests'];
export const GDPR_RIGHTS = ['access', 'rectification', 'erasure', 'restriction', 'portability', 'objection', 'withdraw-consent', 'automated-decision'];
export const ISO_DURATION = /^P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/;

// Aligned with the core personal-data-marked dictionary, plus online identifiers.
const PERSONAL_TERMS = [
  'email', 'e mail', 'email address', 'phone', 'phone number', 'mobile', 'mobile number', 'fax', 'fax number', 'first name', 'last name', 'middle name', 'full name',
  'surname', 'given name', 'family name', 'maiden name', 'birth date', 'date of birth', 'dob', 'birthday', 'place of birth', 'gender', 'nationality', 'address',
  'street address', 'street', 'address line1', 'address line2', 'postal code', 'postcode', 'zip code', 'iban', 'bank account number', 'card number',
  'credit card number', 'ssn', 'social security number', 'national id', 'national id number', 'passport number', 'tax id', 'tax number', 'driver license number',
  'drivers license number', 'license plate', 'vin', 'device id', 'imei', 'latitude', 'longitude', 'geo location', 'holder name', 'cardholder name',
].map((t) => t.split(' '));
const TECHNICAL = [
  'ip address', 'ipv4 address', 'ipv6 address', 'mac address', 'hardware address', 'server address', 'host address', 'node address', 'network address',
  'bind address', 'listen address', 'gateway address', 'sub address', 'wallet address', 'contract address', 'memory address', 'webhook address', 'callback address',
].map((t) => t.split(' '));
// Special categories (Art. 9): words anywhere in the name, or word pairs.
const SPECIAL_WORDS = new Set(['diagnosis', 'diagnoses', 'medical', 'medication', 'medications', 'allergy', 'allergies', 'disability', 'disabilities', 'biometric', 'biometrics', 'genetic', 'genome', 'ethnicity', 'ethnic', 'religion', 'religious', 'sexuality', 'pregnancy', 'pregnant']);
const SPECIAL_PAIRS = [['health', 'record'], ['health', 'records'], ['health', 'data'], ['health', 'condition'], ['health', 'conditions'], ['health', 'insurance'], ['trade', 'union'], ['political', 'opinion'], ['political', 'opinions'], ['political', 'affiliation'], ['sexual', 'orientation'], ['sex', 'life'], ['racial', 'origin'], ['ethnic', 'origin']];

function endsWith(words, term) {
  if (term.length > words.length) return false;
  for (let i = 1; i <= term.length; i++) if (words[words.length - i] !== term[term.length - i]) return false;
  return true;
}

/** The personal-data term a name matches (word suffix, like the core dictionary), or undefined. */
export function personalTerm(name) {
  const w = wordsOf(name);
  if (w.length === 0) return undefined;
  if (TECHNICAL.some((t) => endsWith(w, t))) return undefined;
  const t = PERSONAL_TERMS.find((x) => endsWith(w, x));
  return t ? t.join(' ') : specialTerm(name);
}

/** The special-category (Art. 9) term a name matches, or undefined. */
export function specialTerm(name) {
  const w = wordsOf(name);
  const one = w.find((x) => SPECIAL_WORDS.has(x));
  if (one) return one;
  if (w.length > 0 && (w[w.length - 1] === 'race' || (w.length === 1 && w[0] === 'race'))) return 'race';
  for (const [a, b] of SPECIAL_PAIRS) for (let i = 0; i + 1 < w.length; i++) if (w[i] === a && w[i + 1] === b) return `${a} ${b}`;
  return undefined;
}

/** The marker of a node: { key, value } for the first GDPR marker that is not `false`. */
export function gdprMarker(node) {
  if (!isObject(node)) return undefined;
  for (const k of GDPR_MARKERS) if (Object.hasOwn(node, k) && node[k] !== false && node[k] !== null) return { key: k, value: node[k] };
  return undefined;
}

/** Annotation objects on the nodes along a document path (outermost first). */
export function annotationsOnPath(root, path) {
  const out = [];
  let cur = root;
  for (let i = 0; i <= path.length; i++) {
    if (isObject(cur)) for (const k of GDPR_ANNOTATIONS) if (isObject(cur[k])) out.push(cur[k]);
    if (i === path.length || cur === null || typeof cur !== 'object') break;
    cur = cur[path[i]];
  }
  return out;
}

function markedAlongPath(root, path) {
  let cur = root;
  for (let i = 0; i <= path.length; i++) {
    if (i > 0 && gdprMarker(cur)) return true;
    if (i === path.length || cur === null || typeof cur !== 'object') break;
    cur = cur[path[i]];
  }
  return false;
}

function isBooleanOnly(root, schema) {
  const { value } = deref(root, schema, []);
  const t = typesOf(value);
  return t.length > 0 && t.every((x) => x === 'boolean' || x === 'null');
}

/**
 * Personal-data fields of the document, memoised: properties and parameters that are marked
 * (on themselves, their schema or an enclosing object) or named like personal data.
 * Each: { kind: 'property'|'parameter', name, node, path, marked, marker, term, special, in }.
 * Plus every annotation written: { key, value, path, node }.
 */
export function gdprDoc(root) {
  return cached(root, 'packs:gdprDoc', () => {
    const fields = [];
    const annotations = [];
    const paramSeen = new Set();
    for (const n of allSchemaNodes(root)) {
      const m = gdprMarker(n.schema);
      if (m) annotations.push({ ...m, path: [...n.path, m.key], node: n.schema });
      if (!n.name || n.path[n.path.length - 2] !== 'properties') continue;
      const term = personalTerm(n.name);
      if (!term && !m) continue;
      if (!m && isBooleanOnly(root, n.schema)) continue;
      const ref = m ? undefined : gdprMarker(deref(root, n.schema, []).value);
      fields.push({ kind: 'property', name: n.name, node: n.schema, path: n.path, marker: m ?? ref, marked: !!(m || ref || markedAlongPath(root, n.path)), term, special: specialTerm(n.name) });
    }
    const addParam = (param, path, where) => {
      const key = path.join('/');
      if (paramSeen.has(key) || !isObject(param) || typeof param.name !== 'string') return;
      paramSeen.add(key);
      const m = gdprMarker(param) ?? gdprMarker(deref(root, param.schema, []).value);
      if (gdprMarker(param)) annotations.push({ ...gdprMarker(param), path: [...path, gdprMarker(param).key], node: param });
      const term = personalTerm(param.name);
      if (!term && !m) return;
      if (!m && isBooleanOnly(root, param.schema)) return;
      fields.push({ kind: 'parameter', name: param.name, node: param, path, marker: m, marked: !!(m || markedAlongPath(root, path)), term, special: specialTerm(param.name), in: param.in, where });
    };
    const cp = isObject(root) && isObject(root.components) && isObject(root.components.parameters) ? root.components.parameters : {};
    for (const k of Object.keys(cp)) addParam(cp[k], ['components', 'parameters', k]);
    for (const op of operations(root)) for (const p of effectiveParameters(root, op)) addParam(p.param, p.path, op);
    return { fields, annotations, processes: fields.length > 0 || annotations.length > 0 };
  });
}

/** Merged annotation for a field: its own object annotation over the enclosing ones. */
export function effectiveAnnotation(root, path) {
  return Object.assign({}, ...annotationsOnPath(root, path));
}

const summaryMemo = new WeakMap();
const EMPTY_SUMMARY = Object.freeze({ names: [], special: [] });
const SUMMARY_MAX = 8;

function addName(list, name) {
  if (list.length < SUMMARY_MAX && !list.includes(name)) list.push(name);
}

/** Child schemas of a schema (raw, refs not followed). */
function childSchemas(s) {
  const out = [];
  if (isObject(s.properties)) for (const k of Object.keys(s.properties)) out.push(s.properties[k]);
  for (const k of ['items', 'additionalProperties', 'not']) if (isObject(s[k])) out.push(s[k]);
  for (const k of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) if (Array.isArray(s[k])) out.push(...s[k]);
  return out;
}

/** The personal names a schema holds directly (its own properties). */
function localPersonal(root, s) {
  const out = { names: [], special: [] };
  if (!isObject(s.properties)) return out;
  const objectMarker = gdprMarker(s);
  for (const k of Object.keys(s.properties)) {
    const { value: ps } = deref(root, s.properties[k], []);
    if (!isObject(ps)) continue;
    const mk = gdprMarker(ps) ?? objectMarker;
    const types = typesOf(ps);
    const booleanOnly = types.length > 0 && types.every((t) => t === 'boolean' || t === 'null');
    if (mk || (personalTerm(k) && !booleanOnly)) {
      addName(out.names, k);
      if (specialTerm(k) || (mk && ((isObject(mk.value) && mk.value.category === 'special') || mk.key === 'x-sap-dpp-is-potentially-sensitive'))) addName(out.special, k);
    }
  }
  return out;
}

/**
 * Personal data reachable from a schema (refs followed), memoised per schema object so that shared
 * components are examined once per document: { names: [...], special: [...] } (at most 8 each).
 * A property is personal when it, or the object holding it, is marked, or when its name is in the
 * dictionary (boolean properties excepted). Recursive schemas are summarised per strongly
 * connected component (Tarjan), so every member of a cycle gets the complete answer.
 */
export function personalSummary(root, raw) {
  const start = deref(root, raw, []).value;
  if (!isObject(start)) return EMPTY_SUMMARY;
  const done = summaryMemo.get(start);
  if (done) return done;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  let budget = 50000;
  const visit = (v, depth) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    const kids = [];
    for (const c of childSchemas(v)) {
      const w = deref(root, c, []).value;
      if (!isObject(w)) continue;
      kids.push(w);
      if (summaryMemo.has(w)) continue;
      if (!index.has(w)) {
        if (depth < 1500 && budget-- > 0) {
          visit(w, depth + 1);
          low.set(v, Math.min(low.get(v), low.get(w)));
        }
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    kidsOf.set(v, kids);
    if (low.get(v) !== index.get(v)) return;
    const members = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    const inScc = new Set(members);
    const out = { names: [], special: [] };
    for (const m of members) {
      const l = localPersonal(root, m);
      for (const n of l.names) addName(out.names, n);
      for (const n of l.special) addName(out.special, n);
      for (const k of kidsOf.get(m) ?? []) {
        if (inScc.has(k)) continue;
        const sub = summaryMemo.get(k);
        if (!sub) continue;
        for (const n of sub.names) addName(out.names, n);
        for (const n of sub.special) addName(out.special, n);
      }
    }
    for (const m of members) summaryMemo.set(m, out);
  };
  const kidsOf = new Map();
  visit(start, 0);
  return summaryMemo.get(start) ?? EMPTY_SUMMARY;
}

/**
 * Personal data an operation handles, memoised per operation: { fields: [{ name, special, where }] }
 * from its parameters and its request / 2xx response bodies.
 */
const opMemo = new WeakMap();
export function gdprOpData(root, op, { request = true, response = true } = {}) {
  const key = `${request}:${response}`;
  let m = opMemo.get(op.operation);
  if (!m) {
    m = new Map();
    opMemo.set(op.operation, m);
  }
  if (m.has(key)) return m.get(key);
  const fields = [];
  if (request) {
    for (const p of effectiveParameters(root, op)) {
      const term = personalTerm(p.param.name);
      const mk = gdprMarker(p.param) ?? gdprMarker(deref(root, p.param.schema, []).value);
      if ((term && !isBooleanOnly(root, p.param.schema)) || mk) fields.push({ name: p.param.name, special: !!specialTerm(p.param.name) || (isObject(mk?.value) && mk.value.category === 'special') || mk?.key === 'x-sap-dpp-is-potentially-sensitive', where: 'parameter' });
    }
  }
  for (const b of bodySchemas(root, op, { request, response })) {
    const sum = personalSummary(root, b.schema);
    for (const n of sum.names) fields.push({ name: n, special: sum.special.includes(n), where: 'body' });
    const { value } = deref(root, b.schema, b.path);
    if (sum.names.length === 0 && gdprMarker(value)) fields.push({ name: '(marked schema)', special: false, where: 'body' });
  }
  const out = { fields };
  m.set(key, out);
  return out;
}

/** Operations declaring a data-subject right (x-data-subject-rights), keyed by right. */
export function gdprRights(root) {
  return cached(root, 'packs:gdprRights', () => {
    const out = new Map();
    for (const op of operations(root)) {
      const r = op.operation['x-data-subject-rights'];
      const list = Array.isArray(r) ? r : typeof r === 'string' ? [r] : [];
      for (const x of list) if (typeof x === 'string') out.set(x, [...(out.get(x) ?? []), op]);
    }
    return out;
  });
}

/** Every legal basis declared in an annotation of the document. */
export function gdprLegalBases(root) {
  return cached(root, 'packs:gdprLegalBases', () => {
    const out = new Set();
    for (const a of gdprDoc(root).annotations) if (isObject(a.value) && typeof a.value.legalBasis === 'string') out.add(a.value.legalBasis);
    return out;
  });
}
