/**
 * Industry packs (psd2, fhir, r155, gdpr): each has at least 15 rules of its own, its profile
 * re-tunes the intended core rules (and only when the pack is enabled), the classification helpers
 * recognise their documents and stay silent on others, and no pack function fails on odd input.
 */
import { describe, expect, it } from 'vitest';
import { lintSource, loadRuleset, type LoadedRuleset } from '../../src/lint/index.js';
import path from 'node:path';
import { PACKS, PACKS_DIR } from '../../src/lint/paths.js';
// Plain-JS helpers of the pack functions, one module per pack.
// @ts-expect-error -- JavaScript module without type declarations
import * as psd2Lib from '../../rulesets/functions/lib/psd2.js';
// @ts-expect-error -- JavaScript module without type declarations
import * as fhirLib from '../../rulesets/functions/lib/fhir.js';
// @ts-expect-error -- JavaScript module without type declarations
import * as r155Lib from '../../rulesets/functions/lib/r155.js';
// @ts-expect-error -- JavaScript module without type declarations
import * as gdprLib from '../../rulesets/functions/lib/gdpr.js';

const cache = new Map<string, Promise<LoadedRuleset>>();
function rulesetWith(...p: string[]): Promise<LoadedRuleset> {
  const key = p.join(',');
  if (!cache.has(key)) cache.set(key, loadRuleset({ packs: p }));
  return cache.get(key)!;
}

async function codes(text: string, rs: LoadedRuleset, prefix = ''): Promise<Array<{ code: string; message: string; path: string; severity: string }>> {
  const { findings } = await lintSource({ bytes: Buffer.from(text), displayPath: 'example.yaml' }, rs);
  return findings.filter((f) => f.code.startsWith(prefix)).map((f) => ({ code: f.code, message: f.message, path: f.path.join('/'), severity: f.severity }));
}

describe('pack contents', () => {
  it.each([...PACKS])('%s has at least 15 rules of its own, all prefixed and documented with x-apictl', async (pack) => {
    const rs = await rulesetWith(pack);
    const own = [...rs.meta.values()].filter((m) => m.pack === pack);
    expect(own.length).toBeGreaterThanOrEqual(15);
    for (const m of own) {
      expect(m.name.startsWith(`${pack}-`), m.name).toBe(true);
      expect(m.fix, `${m.name} fix`).toBeTruthy();
      expect(['compliance', 'security', 'performance']).toContain(m.category);
    }
  });

  it.each([...PACKS])(
    "%s loads with Spectral's own ruleset loader (Spectral CLI users extend the pack file)",
    async (pack) => {
      const { bundleAndLoadRuleset } = await import('@stoplight/spectral-ruleset-bundler/with-loader');
      const fs = await import('node:fs');
      const { fetch } = await import('@stoplight/spectral-runtime');
      const rs = await bundleAndLoadRuleset(path.join(PACKS_DIR, `${pack}.yaml`), { fs, fetch });
      const rules = (rs as unknown as { rules: Record<string, { enabled: boolean }> }).rules;
      expect(Object.keys(rules)).toContain('operation-id-unique');
      expect(Object.keys(rules).filter((r) => r.startsWith(`${pack}-`)).length).toBeGreaterThanOrEqual(15);
    },
    120_000,
  );

  it('packs are opt-in: without them no pack rule is loaded', async () => {
    const rs = await rulesetWith();
    expect([...rs.meta.keys()].filter((n) => /^(psd2|fhir|r155|gdpr)-/.test(n))).toEqual([]);
  });
});

describe('profiles re-tune core rules instead of copying them', () => {
  it('r155 raises transport, authentication, rate-limit and bounded-input rules to error', async () => {
    const core = await rulesetWith();
    const r155 = await rulesetWith('r155');
    const raised = [
      'servers-https-only',
      'api-key-not-in-query',
      'security-read-ops-protected',
      'no-http-basic',
      'rate-limit-headers',
      'rate-limit-429',
      'request-string-bounded',
      'request-array-bounded',
      'request-number-bounded',
      'request-body-closed-schema',
      'binary-upload-bounded',
      'admin-ops-distinct-security',
    ];
    for (const name of raised) {
      const m = r155.meta.get(name);
      expect(m, name).toBeDefined();
      expect(m!.severity, name).toBe('error');
      expect(m!.tunedBy, name).toContain('r155');
      expect(m!.pack, name).toBeUndefined();
    }
    expect(core.meta.get('request-string-bounded')!.severity).toBe('warn');
    expect(core.meta.get('request-string-bounded')!.tunedBy).toEqual([]);
  });

  it('r155 counts diagnostics and key management as administrative paths', async () => {
    const doc = `openapi: 3.1.0
info: {title: Fleet, version: 1.0.0}
security: [{oauth: [fleet]}]
paths:
  /vehicles:
    get: {operationId: listVehicles, responses: {'200': {description: ok}}}
  /vehicles/{vehicleId}/diagnostics:
    get:
      operationId: readDiagnostics
      parameters: [{name: vehicleId, in: path, required: true, schema: {type: string}}]
      responses: {'200': {description: ok}}
components:
  securitySchemes:
    oauth: {type: oauth2, flows: {clientCredentials: {tokenUrl: 'https://auth.example.com/token', scopes: {fleet: x}}}}
`;
    expect(await codes(doc, await rulesetWith(), 'admin-ops-distinct-security')).toEqual([]);
    const found = await codes(doc, await rulesetWith('r155'), 'admin-ops-distinct-security');
    expect(found).toHaveLength(1);
    expect(found[0]!.severity).toBe('error');
  });

  it('psd2 accepts Berlin Group kebab-case path parameters next to camelCase ids', async () => {
    const doc = `openapi: 3.0.1
info: {title: XS2A, version: 1.3.11}
paths:
  /v1/{payment-service}/{payment-product}/{paymentId}:
    get:
      operationId: getPayment
      parameters:
        - {name: payment-service, in: path, required: true, schema: {type: string}}
        - {name: payment-product, in: path, required: true, schema: {type: string}}
        - {name: paymentId, in: path, required: true, schema: {type: string}}
      responses: {'200': {description: ok}}
`;
    expect(await codes(doc, await rulesetWith(), 'path-param-casing')).not.toEqual([]);
    expect(await codes(doc, await rulesetWith('psd2'), 'path-param-casing')).toEqual([]);
    expect((await rulesetWith('psd2')).meta.get('path-param-casing')!.tunedBy).toEqual(['psd2']);
  });

  it('fhir exempts resource types, _history/_search and $operations from the kebab and plural rules, and _-prefixed search parameters from casing', async () => {
    const doc = `openapi: 3.0.3
info: {title: FHIR, version: 4.0.1}
paths:
  /Patient:
    get:
      operationId: searchPatient
      parameters:
        - {name: _lastUpdated, in: query, schema: {type: string}}
        - {name: general-practitioner, in: query, schema: {type: string}}
        - {name: address-city, in: query, schema: {type: string}}
      responses: {'200': {description: ok}}
  /Patient/{id}/_history:
    get:
      operationId: patientHistory
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {'200': {description: ok}}
  /Patient/{id}/$everything:
    get:
      operationId: patientEverything
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {'200': {description: ok}}
`;
    const tuned = ['path-segments-kebab-case', 'collection-names-plural', 'query-param-casing'];
    const without = await codes(doc, await rulesetWith());
    const withFhir = await codes(doc, await rulesetWith('fhir'));
    for (const name of tuned) {
      expect(
        without.filter((f) => f.code === name),
        name,
      ).not.toEqual([]);
      expect(
        withFhir.filter((f) => f.code === name),
        name,
      ).toEqual([]);
    }
  });

  it('fhir exempts exactly the FHIR resource types the pack functions know', async () => {
    const { readFileSync } = await import('node:fs');
    const { parse } = await import('yaml');
    const def = parse(readFileSync(path.join(PACKS_DIR, 'fhir.yaml'), 'utf8'), { maxAliasCount: 100 }) as { rules: Record<string, { then: { functionOptions: { ignoreSegments: string[] } } }> };
    const patterns = def.rules['path-segments-kebab-case']!.then.functionOptions.ignoreSegments.map((p) => new RegExp(p));
    for (const t of fhirLib.FHIR_RESOURCE_TYPES as Set<string>)
      expect(
        patterns.some((re) => re.test(t)),
        t,
      ).toBe(true);
    for (const s of ['Patients', 'patient', 'PaymentIntents', 'Orders', '_internal', 'history'])
      expect(
        patterns.some((re) => re.test(s)),
        s,
      ).toBe(false);
  });

  it('fhir accepts FHIRPath Patch (application/fhir+json) on the core patch media type rule', async () => {
    const doc = `openapi: 3.0.3
info: {title: FHIR, version: 4.0.1}
paths:
  /Patient/{id}:
    patch:
      operationId: patchPatient
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      requestBody: {content: {application/fhir+json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}
`;
    expect(await codes(doc, await rulesetWith(), 'http-patch-media-type')).not.toEqual([]);
    expect(await codes(doc, await rulesetWith('fhir'), 'http-patch-media-type')).toEqual([]);
  });

  it('fhir asks read for an ETag (the versionId), psd2 and fhir raise http-201-location', async () => {
    const doc = `openapi: 3.0.3
info: {title: FHIR, version: 4.0.1}
paths:
  /Patient/{id}:
    get:
      operationId: readPatient
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {'200': {description: ok, headers: {Last-Modified: {schema: {type: string}}}}}
`;
    expect(await codes(doc, await rulesetWith(), 'etag-on-get-resource')).toEqual([]);
    const found = await codes(doc, await rulesetWith('fhir'), 'etag-on-get-resource');
    expect(found).toHaveLength(1);
    expect(found[0]!.severity).toBe('warn');
    for (const pack of ['psd2', 'fhir']) {
      const m = (await rulesetWith(pack)).meta.get('http-201-location')!;
      expect(m.severity).toBe('warn');
      expect(m.tunedBy).toEqual([pack]);
    }
    expect((await rulesetWith()).meta.get('http-201-location')!.severity).toBe('info');
  });

  it('psd2 accepts Berlin Group error bodies and fhir OperationOutcome media types on the core error rules', async () => {
    const bg = `openapi: 3.0.1
info: {title: XS2A, version: 1.3.11}
paths:
  /v1/consents:
    post:
      operationId: createConsent
      responses:
        '201': {description: Created}
        '400':
          description: Bad request
          content:
            application/json:
              schema: {type: object, properties: {tppMessages: {type: array, items: {type: object}}}}
        '401':
          description: Unauthorized
          content:
            application/problem+json:
              schema:
                type: object
                required: [type, code]
                properties: {type: {type: string, maxLength: 70}, title: {type: string, maxLength: 70}, detail: {type: string, maxLength: 500}, code: {type: string}}
`;
    const core = await codes(bg, await rulesetWith());
    const psd2 = await codes(bg, await rulesetWith('psd2'));
    for (const name of ['error-media-type-problem-json', 'error-problem-schema']) {
      expect(
        core.filter((f) => f.code === name),
        name,
      ).not.toEqual([]);
      expect(
        psd2.filter((f) => f.code === name),
        name,
      ).toEqual([]);
    }
    const fhir = `openapi: 3.0.3
info: {title: FHIR, version: 4.0.1}
paths:
  /Patient/{id}:
    get:
      operationId: readPatient
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses:
        '200': {description: ok}
        '404': {description: unknown, content: {application/fhir+json: {schema: {$ref: '#/components/schemas/OperationOutcome'}}}}
components:
  schemas:
    OperationOutcome: {type: object, properties: {issue: {type: array, items: {type: object}}}}
`;
    expect(await codes(fhir, await rulesetWith(), 'error-media-type-problem-json')).not.toEqual([]);
    expect(await codes(fhir, await rulesetWith('fhir'), 'error-media-type-problem-json')).toEqual([]);
  });

  it('gdpr raises personal-data-marked to warn and accepts SAP DPP markers', async () => {
    const core = await rulesetWith();
    const gdpr = await rulesetWith('gdpr');
    expect(core.meta.get('personal-data-marked')!.severity).toBe('info');
    expect(gdpr.meta.get('personal-data-marked')!.severity).toBe('warn');
    expect(gdpr.meta.get('personal-data-marked')!.tunedBy).toEqual(['gdpr']);
    const doc = (marker: string) => `openapi: 3.1.0
info: {title: Shop, version: 1.0.0}
paths: {}
components:
  schemas:
    Customer:
      type: object
      properties:
        email: {type: string, ${marker}}
`;
    expect(await codes(doc('x-sap-dpp-is-potentially-personal: true'), core, 'personal-data-marked')).not.toEqual([]);
    expect(await codes(doc('x-sap-dpp-is-potentially-personal: true'), gdpr, 'personal-data-marked')).toEqual([]);
    expect(await codes(doc('format: email'), gdpr, 'personal-data-marked')).not.toEqual([]);
  });
});

describe('gdpr: personal data reached through $ref', () => {
  it('a field whose schema is a $ref is personal data by its name, exactly as when written inline', async () => {
    const gdpr = await rulesetWith('gdpr');
    const doc = (email: string) => `openapi: 3.1.0
info: {title: Shop, version: 1.0.0}
servers: [{url: 'https://api.example.com'}]
paths:
  /users/{id}:
    get:
      operationId: getUser
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses:
        '200':
          description: ok
          content: {application/json: {schema: {$ref: '#/components/schemas/User'}}}
components:
  schemas:
    Email: {type: string, format: email}
    User:
      type: object
      properties:
        email: ${email}
`;
    const inline = await codes(doc('{type: string, format: email}'), gdpr, 'gdpr-');
    const viaRef = await codes(doc("{$ref: '#/components/schemas/Email'}"), gdpr, 'gdpr-');
    expect(viaRef).toEqual(inline);
    expect(viaRef.map((f) => f.code).sort()).toEqual([
      'gdpr-data-residency',
      'gdpr-erasure-endpoint',
      'gdpr-personal-data-no-store',
      'gdpr-personal-data-secured',
      'gdpr-privacy-notice',
      'gdpr-rectification-endpoint',
      'gdpr-subject-access-endpoint',
    ]);
  });
});

describe('pack helpers', () => {
  it('recognise Berlin Group XS2A resources and documents', () => {
    expect(psd2Lib.xs2aResource('/v1/{payment-service}/{payment-product}')).toMatchObject({ resource: '{payment-service}', rest: ['{payment-product}'], version: 'v1', isPayment: true });
    expect(psd2Lib.xs2aResource('/psd2/v1/accounts/{account-id}/transactions')).toMatchObject({ resource: 'accounts', rest: ['{account-id}', 'transactions'] });
    expect(psd2Lib.xs2aResource('/consents')).toMatchObject({ resource: 'consents', version: undefined });
    expect(psd2Lib.xs2aResource('/v1/customers')).toBeUndefined();
    expect(psd2Lib.xs2aResource('/api/{tenant}/v1/accounts')).toBeUndefined();
    const op = (pathKey: string, method = 'get') => ({ [pathKey]: { [method]: { responses: {} } } });
    // Stripe has /v1/accounts but nothing that only XS2A has: not an XS2A interface.
    expect(psd2Lib.psd2Doc({ openapi: '3.0.0', paths: { ...op('/v1/accounts'), ...op('/v1/payments') } }).isXs2a).toBe(false);
    expect(psd2Lib.psd2Doc({ openapi: '3.0.0', paths: { ...op('/v1/accounts'), ...op('/v1/consents', 'post') } }).isXs2a).toBe(true);
    expect(psd2Lib.psd2Doc({ openapi: '3.0.0', paths: { ...op('/v1/payments/sepa-credit-transfers', 'post') } }).isXs2a).toBe(true);
    const withHeader = { openapi: '3.0.0', paths: { '/v1/accounts': { get: { parameters: [{ name: 'Consent-ID', in: 'header' }], responses: {} } } } };
    expect(psd2Lib.psd2Doc(withHeader).isXs2a).toBe(true);
  });

  it('classify FHIR interactions by URL pattern', () => {
    const it = (pathKey: string, method: string) => fhirLib.fhirInteraction({ pathKey, method, operation: {} })?.kind;
    expect(it('/Patient', 'get')).toBe('search-type');
    expect(it('/Patient', 'post')).toBe('create');
    expect(it('/Patient/_search', 'post')).toBe('search-post');
    expect(it('/fhir/Patient/{id}', 'get')).toBe('read');
    expect(it('/Patient/{id}', 'put')).toBe('update');
    expect(it('/Patient/{id}/_history/{vid}', 'get')).toBe('vread');
    expect(it('/Patient/{id}/_history', 'get')).toBe('history-instance');
    expect(it('/Patient/{id}/Observation', 'get')).toBe('compartment');
    expect(it('/Patient/{id}/$everything', 'get')).toBe('operation');
    expect(it('/Patient/{id}/merge', 'post')).toBe('other');
    expect(it('/metadata', 'get')).toBe('capabilities');
    expect(it('/patients/{id}', 'get')).toBeUndefined();
    expect(fhirLib.fhirTypeLike('patients')).toBe('Patient');
    expect(fhirLib.fhirTypeLike('Observations')).toBe('Observation');
    expect(fhirLib.fhirTypeLike('orders')).toBeUndefined();
  });

  it('do not take PascalCase or /metadata paths of other APIs for a FHIR server', () => {
    const doc = (...keys: string[]) => ({ openapi: '3.0.0', paths: Object.fromEntries(keys.map((k) => [k, { get: { responses: {} } }])) });
    // Twilio-style: templated base, file extensions; DigitalOcean-style: …/{slug}/metadata.
    expect(fhirLib.fhirDoc(doc('/2010-04-01/Accounts/{AccountSid}/Messages/{MessageSid}/Media/{Sid}.json', '/2010-04-01/Accounts.json')).isFhir).toBe(false);
    expect(fhirLib.fhirDoc(doc('/v2/add-ons/apps/{app_slug}/metadata')).isFhir).toBe(false);
    expect(fhirLib.fhirDoc(doc('/fhir/r4/Patient/{id}')).isFhir).toBe(true);
    expect(fhirLib.fhirDoc(doc('/metadata')).isFhir).toBe(true);
  });

  it('match personal and special-category names by words, not substrings', () => {
    expect(gdprLib.personalTerm('customer_email')).toBe('email');
    expect(gdprLib.personalTerm('billingAddress')).toBe('address');
    expect(gdprLib.personalTerm('dateOfBirth')).toBe('date of birth');
    expect(gdprLib.personalTerm('serverAddress')).toBeUndefined();
    expect(gdprLib.personalTerm('ipAddress')).toBeUndefined();
    expect(gdprLib.personalTerm('emailVerified')).toBeUndefined();
    expect(gdprLib.specialTerm('diagnosisCode')).toBe('diagnosis');
    expect(gdprLib.specialTerm('tradeUnionMember')).toBe('trade union');
    expect(gdprLib.specialTerm('healthStatus')).toBeUndefined();
    expect(gdprLib.specialTerm('traceId')).toBeUndefined();
    expect(gdprLib.specialTerm('raceCondition')).toBeUndefined();
    expect(gdprLib.ISO_DURATION.test('P2Y')).toBe(true);
    expect(gdprLib.ISO_DURATION.test('PT12H')).toBe(true);
    expect(gdprLib.ISO_DURATION.test('P')).toBe(false);
    expect(gdprLib.ISO_DURATION.test('P1YT')).toBe(false);
  });

  it('find vehicle back-end areas from path segments', () => {
    const areas = (pathKey: string, method = 'post', operation = {}) => [...r155Lib.r155Areas({ pathKey, method, operation })].sort();
    expect(areas('/vehicles/{id}/commands/remote-start')).toEqual(['command']);
    expect(areas('/vehicles/{id}/doors/unlock')).toEqual(['command']);
    expect(areas('/vehicles/{id}/doors/unlock', 'get')).toEqual([]);
    expect(areas('/v1/charges/{charge}/capture')).toEqual([]);
    expect(areas('/ota/campaigns/{id}', 'get')).toEqual(['ota']);
    expect(areas('/vehicles/{id}/actions', 'post', { 'x-vehicle-command': true })).toEqual(['command']);
  });
});

describe('pack rules on real-world shapes', () => {
  it('r155-strong-client-auth reports a weak scheme once, not once per operation', async () => {
    const ops = Array.from({ length: 5 }, (_, i) => `  /things${i}:\n    get: {operationId: get${i}, security: [{key: []}], responses: {'200': {description: ok}}}\n`).join('');
    const doc = `openapi: 3.1.0\ninfo: {title: T, version: 1.0.0}\npaths:\n${ops}components:\n  securitySchemes:\n    key: {type: apiKey, in: header, name: X-Key}\n`;
    const found = await codes(doc, await rulesetWith('r155'), 'r155-strong-client-auth');
    expect(found).toHaveLength(1);
    expect(found[0]!.path).toBe('components/securitySchemes/key');
    expect(found[0]!.message).toContain('5 operations');
  });

  it('gdpr-personal-data-no-store is told once when no response declares Cache-Control, and per response otherwise', async () => {
    const body = `content: {application/json: {schema: {$ref: '#/components/schemas/Customer'}}}`;
    const doc = (cc: string) => `openapi: 3.1.0
info: {title: Shop, version: 1.0.0}
paths:
  /customers:
    get: {operationId: listCustomers, responses: {'200': {description: ok, ${body}}}}
  /customers/{customerId}:
    get:
      operationId: getCustomer
      parameters: [{name: customerId, in: path, required: true, schema: {type: string}}]
      responses: {'200': {description: ok, ${body}}}
  /me:
    get: {operationId: me, responses: {'200': {description: ok, ${cc} ${body}}}}
components:
  schemas:
    Customer: {type: object, properties: {email: {type: string}}}
`;
    expect(await codes(doc(''), await rulesetWith('gdpr'), 'gdpr-personal-data-no-store')).toHaveLength(1);
    expect(await codes(doc(`headers: {Cache-Control: {schema: {type: string, enum: [no-store]}}},`), await rulesetWith('gdpr'), 'gdpr-personal-data-no-store')).toHaveLength(2);
  });

  it('gdpr parameter rules report each personal parameter name once', async () => {
    const ops = Array.from(
      { length: 4 },
      (_, i) =>
        `  /users${i}/{email}:\n    get:\n      operationId: u${i}\n      parameters: [{name: email, in: path, required: true, schema: {type: string}}]\n      responses: {'200': {description: ok}}\n`,
    ).join('');
    const found = await codes(`openapi: 3.1.0\ninfo: {title: T, version: 1.0.0}\npaths:\n${ops}`, await rulesetWith('gdpr'), 'gdpr-no-personal-data-in-path');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('defined 4 times');
  });

  it('psd2 rules stay silent on an API that merely has /v1/accounts', async () => {
    const doc = `openapi: 3.0.0
info: {title: Payments platform, version: 1.0.0}
paths:
  /v1/accounts:
    get: {operationId: listAccounts, responses: {'200': {description: ok}}}
  /v1/accounts/{account}:
    post: {operationId: updateAccount, parameters: [{name: account, in: path, required: true, schema: {type: string}}], responses: {'200': {description: ok}}}
`;
    expect(await codes(doc, await rulesetWith('psd2'), 'psd2-')).toEqual([]);
  });

  it('no pack function fails on malformed documents', async () => {
    const docs = [
      `openapi: 3.1.0
info: {title: T, version: 1.0.0}
paths:
  /v1/consents:
    post:
      parameters: [null, 3, {name: 5, in: header}, {name: psuId, in: query, schema: 4}]
      requestBody: {content: {application/json: {schema: {properties: 4, required: {}}}}}
      responses:
        '201': null
        '400': {content: {application/json: {schema: {type: array, items: 7}}, application/problem+json: {schema: {required: 3}}}}
  /v1/accounts/{account-id}/transactions:
    get: {parameters: [{name: bookingStatus, in: query, schema: {enum: 5}}], responses: {'200': {headers: {X-Request-ID: 4}}}}
  /Patient/{id}:
    get: {responses: {'200': {content: {application/fhir+json: {schema: {allOf: [null, {$ref: '#/components/schemas/Other'}]}}}}}}
    put: {requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Loop'}}}}, responses: {'4XX': {content: {application/json: {schema: 1}}}}}
  /Patient:
    get: {parameters: [{name: _count, in: query, content: {}}], responses: {'200': {content: {application/json: {schema: {type: array}}}}}}
components:
  schemas:
    Loop: {allOf: [{$ref: '#/components/schemas/Other'}], properties: {email: {x-personal-data: [1]}, children: {type: array, items: {$ref: '#/components/schemas/Loop'}}}}
    Other: {type: [object, 5], properties: {resourceType: {enum: 7}, amount: {type: number}, currency: 3}}
  securitySchemes:
    bad: 3
    oauth: {type: oauth2, flows: {implicit: null, clientCredentials: {scopes: [1]}}}
`,
      `openapi: 3.1.0
info: {title: T, version: 1.0.0, x-data-classification: public}
security: [null, {missing: [1]}]
paths:
  /vehicles/{vin}/commands/unlock:
    post: {x-data-subject-rights: access, security: [{}], parameters: [{name: vin, in: path, required: true}], responses: {default: {headers: {Cache-Control: 3}}}}
  /firmware/{id}:
    get: {responses: {'200': {content: {application/json: {schema: {properties: {signature: true, alg: {enum: [MD5, 3]}}}}, application/octet-stream: null}}}}
  /logs/{id}:
    delete: {responses: {}}
webhooks:
  ping:
    post: {requestBody: {content: {application/json: {example: {mail: 'someone@gmail.com', deep: [[[{a: 'x@y.org'}]]]}}}}, responses: {}}
`,
    ];
    const rs = await rulesetWith(...PACKS);
    for (const doc of docs) {
      const found = await codes(doc, rs);
      // The rules did run (a document with unresolvable refs would stop before them).
      expect(found.some((f) => /^(psd2|fhir|r155|gdpr)-/.test(f.code))).toBe(true);
      const failed = found.filter((f) => f.code === 'rule-failed' && /(psd2|fhir|r155|gdpr)/.test(f.message));
      expect(failed).toEqual([]);
    }
  });
});

describe('two packs re-tuning one rule', () => {
  it('unite their options and keep the stricter severity', async () => {
    const { loadRuleset } = await import('../../src/lint/ruleset.js');
    const both = await loadRuleset({ packs: ['psd2', 'fhir'] });
    const rule = both.own.find((r) => r.name === 'pagination-required')!;
    const sizeParams = rule.then.flatMap((t) => ((t.options as Record<string, unknown> | null)?.sizeParams as string[] | undefined) ?? []);
    expect(sizeParams).toEqual(expect.arrayContaining(['itemsPerPage', '_count']));
    expect(both.meta.get('pagination-required')!.tunedBy).toEqual(['psd2', 'fhir']);
  });
});
