// @ts-check
// Helpers of the psd2 pack (Berlin Group NextGenPSD2 XS2A 1.3.x): which operations form an XS2A
// interface and what they do. Plain ESM like ./doc.js; memoised per document through `cached`.
import { cached, parametersOf, isObject, operations, responsesOf, typesOf } from './doc.js';
import { allSchemaNodes, contentOf, headerParams, isTemplate, resolved, segmentsOf } from './pack-common.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation} Operation */
/** @typedef {{ resource: string, rest: string[], version: string | undefined, isPayment: boolean }} Xs2aResource */
/** @typedef {{ op: Operation, res: Xs2aResource, kind: ReturnType<typeof psd2Classify> }} Psd2Op */

const XS2A_RESOURCES = new Set(['accounts', 'card-accounts', 'consents', 'payments', 'bulk-payments', 'periodic-payments', 'funds-confirmations', 'signing-baskets', 'trusted-beneficiaries']);
const PAYMENT_SERVICES = new Set(['payments', 'bulk-payments', 'periodic-payments']);
export const PSD2_PAYMENT_SERVICES = [...PAYMENT_SERVICES];
const PAYMENT_SERVICE_TEMPLATE = /^\{[^}]*payment[-_]?service[^}]*\}$/i;
const PAYMENT_PRODUCT = /^(\{[^}]*payment[-_]?product[^}]*\}|(pain\.001-)?(sepa-credit-transfers|instant-sepa-credit-transfers|target-2-payments|cross-border-credit-transfers)|pain\.001-.+)$/i;
const PSD2_HEADERS = new Set(['consent-id', 'psu-ip-address', 'psu-id', 'tpp-redirect-uri', 'tpp-signature-certificate', 'tpp-nok-redirect-uri', 'tpp-redirect-preferred']);

/**
 * Where an XS2A resource starts in a path: `/v1/accounts/{account-id}` → { resource: 'accounts',
 * rest: ['{account-id}'], version: 'v1' }. Static prefix segments (`/psd2/v1/…`) are allowed.
 * @param {unknown} pathKey @returns {Xs2aResource | undefined}
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

/** Classifies an XS2A operation. @param {Operation} op @param {Xs2aResource} res */
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
 * @param {Json} root @returns {{ isXs2a: boolean, ops: Psd2Op[] }}
 */
export function psd2Doc(root) {
  return cached(root, 'packs:psd2Doc', () => {
    /** @type {Psd2Op[]} */
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

/** XS2A operations in a scope: xs2a | consent-creation | payment-initiation | initiation | account-reads | sca-start. @param {Json} root @param {string} scope */
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

/** Every schema node of an XS2A document (none for other documents). @param {Json} root */
export function psd2SchemaNodes(root) {
  return psd2Doc(root).isXs2a ? allSchemaNodes(root) : [];
}

/**
 * The error bodies (4xx/5xx) of the XS2A operations, each schema resolved once: { schema, path,
 * code, base (media type) }, in document order. Several error-format rules read them.
 * @param {Json} root
 */
export function psd2ErrorBodies(root) {
  return cached(root, 'packs:psd2ErrorBodies', () => {
    /** @type {{ schema: JsonObject, path: Path, code: string, base: string }[]} */
    const out = [];
    for (const { op } of psd2Ops(root, 'xs2a')) {
      for (const r of responsesOf(root, op)) {
        if (!/^[45]/.test(r.code)) continue;
        for (const m of contentOf(r.response.content, [...r.path, 'content'])) {
          if (m.schema === undefined) continue;
          const { schema, path } = resolved(root, m.schema, [...m.path, 'schema']);
          if (!schema) continue;
          out.push({ schema, path, code: r.code, base: m.base });
        }
      }
    }
    return out;
  });
}

/** The tppMessages array of an error body's shape: { tm, items, itemsPath }, { bad } when it is no array, undefined when absent. @param {Json} root @param {ReturnType<typeof import('./pack-common.js').objectShape>} shape */
export function tppMessagesOf(root, shape) {
  const tm = shape.props.get('tppMessages');
  if (!tm) return undefined;
  if (!typesOf(tm.schema).includes('array') && !isObject(tm.schema.items)) return { bad: tm };
  const { schema, path } = resolved(root, tm.schema.items, [...tm.path, 'items']);
  return { tm, items: schema, itemsPath: path };
}

/** The name of a schema node of psd2SchemaNodes: its property name, or its name under components/schemas. @param {import('./pack-common.js').SchemaNode} n */
export function psd2NodeName(n) {
  return n.name ?? (n.path.length === 3 && n.path[0] === 'components' && n.path[1] === 'schemas' ? n.path[2] : undefined);
}

/** The parameters of the XS2A operations, each once, where it is defined: { param, path }. @param {Json} root */
export function psd2Parameters(root) {
  return cached(root, 'packs:psd2Parameters', () => {
    /** @type {import('./pack-common.js').ParamEntry[]} */
    const out = [];
    const seen = new Set();
    for (const { op } of psd2Doc(root).ops) {
      for (const { param, path } of parametersOf(root, op)) {
        const key = path.join('/');
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ param, path });
      }
    }
    return out;
  });
}
