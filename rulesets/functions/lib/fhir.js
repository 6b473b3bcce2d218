// @ts-check
// Helpers of the fhir pack (HL7 FHIR R4/R4B/R5 RESTful API): resource types, interactions told
// from URL patterns, resource types of body schemas. Plain ESM like ./doc.js; memoised per
// document through `cached`.
import { cached, decodeSegment, deref, isObject, operations, requestBodyOf, responsesOf } from './doc.js';
import { contentOf, isTemplate, objectShape, opLabel, segmentsOf } from './pack-common.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation} Operation */
/** @typedef {{ kind: string, type?: string, base: string[], rest?: string[], idIndex?: number }} FhirInteraction */
/** @typedef {{ op: Operation, it: Json }} FhirOp it: the operation's FhirInteraction (undefined in fhirDoc's list when it has none; fhirOps keeps those with one) */

/** `/a/{x}/b` → `/a/{}/b`: paths compared modulo parameter names. @param {unknown} pathKey */
export function normalisePath(pathKey) {
  return typeof pathKey === 'string' ? pathKey.replace(/\{[^}/]*\}/g, '{}').replace(/\/+$/, '') : '';
}

/** The last segment of a local `$ref` (the component's name), or undefined. @param {Json} node */
export function refName(node) {
  if (!isObject(node) || typeof node.$ref !== 'string') return undefined;
  const i = node.$ref.lastIndexOf('/');
  return i >= 0 ? decodeSegment(node.$ref.slice(i + 1)) : undefined;
}

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

/** The FHIR resource type a segment was probably meant to be (`patients`, `patient` → Patient). @param {unknown} seg */
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
 * @param {Operation} op @returns {FhirInteraction | undefined}
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
  /** @param {string} kind */
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
  if (rest.length === 1) return r(/** @type {Record<string, string | undefined>} */ ({ get: 'read', head: 'read', put: 'update', patch: 'patch', delete: 'delete' })[m] ?? 'other');
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
 * @param {Json} root @returns {{ isFhir: boolean, ops: FhirOp[] }}
 */
export function fhirDoc(root) {
  return cached(root, 'packs:fhirDoc', () => {
    /** @type {FhirOp[]} */
    const ops = [];
    let isFhir = false;
    /** @type {Set<string>} */
    const types = new Set();
    for (const op of operations(root)) {
      if (op.isWebhook) continue;
      let it = fhirInteraction(op);
      // A FHIR base is static and short ([base] = https://host/fhir/r4): /v2/apps/{slug}/metadata is not one.
      if (it && (it.base.some(isTemplate) || it.base.length > 3)) it = undefined;
      ops.push({ op, it });
      if (it && it.kind === 'capabilities') isFhir = true;
      if (it?.type && it.kind !== 'other') types.add(it.type);
    }
    if (types.size >= 1) isFhir = true;
    if (!isFhir) {
      outer: for (const { op } of ops) {
        const rb = requestBodyOf(root, op);
        const media = [...(rb ? contentOf(rb.body.content, []) : []), ...responsesOf(root, op).flatMap((r) => contentOf(r.response.content, []))];
        for (const m of media)
          if (FHIR_MEDIA_TYPES.has(m.base)) {
            isFhir = true;
            break outer;
          }
      }
    }
    return { isFhir, ops: isFhir ? ops : [] };
  });
}

/** FHIR interactions of a document, filtered by kind(s). @param {Json} root @param {string | string[]} [kinds] */
export function fhirOps(root, kinds) {
  const want = kinds ? new Set(Array.isArray(kinds) ? kinds : [kinds]) : undefined;
  return fhirDoc(root).ops.filter((x) => x.it && (!want || want.has(x.it.kind)));
}

/**
 * The resource type a schema stands for, when it can be told: a `$ref` to a component named like
 * a resource type (`Patient`, `fhir.Patient`, `R4_Patient`), `resourceType` with a single enum/const
 * value, or a `oneOf`/`anyOf` of resources (→ 'oneOf'). Returns undefined when unknown.
 * @param {Json} root @param {Json} schema @param {Path} path @returns {string | undefined}
 */
export function fhirSchemaType(root, schema, path, depth = 0) {
  if (depth > 6 || !isObject(schema)) return undefined;
  const name = refName(schema);
  if (name) {
    const last = name.split(/[._:]/).pop();
    if (FHIR_RESOURCE_TYPES.has(/** @type {string} */ (last))) return last;
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

/** `a Patient`, `an Observation`. @param {unknown} word */
export function withArticle(word) {
  return `${/^[AEIOU]/i.test(String(word)) ? 'an' : 'a'} ${word}`;
}

/** JSON media types (application/json, +json): the bodies whose schemas the fhir rules read. @param {string} mt */
export function isJsonish(mt) {
  return mt === 'application/json' || mt.endsWith('+json');
}

/** Interactions whose results are a Bundle: searches and histories. */
export const FHIR_SEARCH_KINDS = ['search-type', 'search-post', 'compartment', 'history-type', 'history-instance'];

/**
 * JSON response bodies of the FHIR interactions of some kinds (all when undefined) whose status
 * code passes `codeOk`, in document order: { op, it, schema (as written), path (of the schema),
 * type (fhirSchemaType), what (the response, for messages) }.
 * @param {Json} root @param {string | string[] | undefined} kinds @param {(code: string) => boolean} codeOk
 */
export function fhirJsonResponseBodies(root, kinds, codeOk) {
  /** @type {{ op: Operation, it: Json, schema: Json, path: Path, type: string | undefined, what: string }[]} */
  const out = [];
  for (const { op, it } of fhirOps(root, kinds)) {
    for (const r of responsesOf(root, op)) {
      if (!codeOk(r.code)) continue;
      for (const m of contentOf(r.response.content, [...r.path, 'content'])) {
        if (!isJsonish(m.base) || m.schema === undefined) continue;
        const sp = [...m.path, 'schema'];
        const what = r.path[0] === 'components' ? `Response ${r.path[r.path.length - 1]}` : `The ${r.code} response of ${opLabel(op)}`;
        out.push({ op, it, schema: m.schema, path: sp, type: fhirSchemaType(root, m.schema, sp), what });
      }
    }
  }
  return out;
}
