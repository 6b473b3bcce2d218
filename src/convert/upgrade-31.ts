/**
 * OpenAPI 3.0 → 3.1, for real: swagger2openapi's `targetVersion: '3.1.0'` only changes the
 * version string and leaves 3.0-only schema keywords behind.
 *
 * Only Schema Objects are rewritten (see schema-walk.ts for where they are); `example` of a Media
 * Type or Parameter Object is left alone. Per schema, after its subschemas:
 * - `exclusiveMinimum/Maximum: true` + `minimum/maximum` → numeric `exclusiveMinimum/Maximum`
 *   (`false` is dropped);
 * - `example` → `examples: [example]`;
 * - `nullable: true` → `type: [T, 'null']` (and `null` added to `enum`); when there is no type,
 *   or `$ref`/`allOf`/`anyOf`/`oneOf`/`not` would reject null anyway, the constraints move into
 *   `anyOf: [<constraints>, {type: 'null'}]` and annotations stay outside. `nullable: false` is dropped;
 * - in request bodies, binary strings gain `contentMediaType` and base64 (`format: byte`) strings
 *   `contentEncoding: base64`, as the 3.1 specification recommends for file uploads (`format` stays:
 *   harmless, and tools still read it).
 * `$ref` siblings are legal in 3.1 and stay.
 */
import { InputError } from '../errors.js';
import { cloneJson, isObj, own, replaceKeyInOrder, setOwn, type Obj } from './json.js';
import { openapi3SchemaRoots, walkSchemaTree } from './schema-walk.js';
import type { ConversionNote } from './types.js';

/** Keywords that describe rather than constrain; they stay outside an added null union. */
const ANNOTATIONS = new Set(['title', 'description', 'default', 'example', 'examples', 'readOnly', 'writeOnly', 'deprecated', 'externalDocs', 'xml']);
/** Keywords whose subschemas would reject `null` even if `type` allowed it. */
const APPLICATORS = ['$ref', 'allOf', 'anyOf', 'oneOf', 'not'];

const isAnnotation = (k: string): boolean => ANNOTATIONS.has(k) || k.startsWith('x-');
const isPureRef = (v: unknown): v is Obj => isObj(v) && typeof own(v, '$ref') === 'string' && Object.keys(v).length === 1;

export interface UpgradeOptions {
  /**
   * Turn `{allOf: [{$ref}], …annotations}` into `{$ref, …annotations}` (legal in 3.1). Used for
   * converted 2.0 documents, where that wrapper only exists to keep `$ref` siblings in 3.0.
   */
  collapseRefWrappers?: boolean;
}

type Note = (code: string, severity: ConversionNote['severity'], message: string, path: string[]) => void;

/**
 * Rewrites a 3.0 document into 3.1 in place and returns notes whose `source` are paths in that
 * document (the schema paths do not change, so they are also valid 3.0 paths).
 */
export function upgradeInPlace(doc: Obj, opts: UpgradeOptions = {}): ConversionNote[] {
  const notes: ConversionNote[] = [];
  const note: Note = (code, severity, message, path) => notes.push({ code, severity, message, source: [...path] });
  for (const root of openapi3SchemaRoots(doc)) {
    walkSchemaTree(root.schema, [...root.path], {
      leave(schema, path) {
        upgradeSchema(schema, path, note, opts);
        if (root.requestBodyMediaType !== undefined) fileUpload(schema, path, path.length === root.path.length ? root.requestBodyMediaType : undefined, note);
      },
    });
  }
  doc.openapi = '3.1.0';
  return notes;
}

/**
 * Upgrades an OpenAPI 3.0 document to 3.1 (see the module comment). The input is not modified.
 * A 3.1 document is returned unchanged (as a copy) with one info note, so the call is idempotent;
 * anything else (2.0, 3.2, no version) is an InputError.
 */
export function upgradeTo31(doc3_0: Record<string, unknown>): { document: Record<string, unknown>; notes: ConversionNote[] } {
  if (!isObj(doc3_0)) throw new InputError('upgradeTo31 expects an OpenAPI 3.0 document object');
  const version = own(doc3_0, 'openapi');
  const document = cloneJson(doc3_0).value as Obj;
  if (typeof version === 'string' && /^3\.1\./.test(version)) {
    return { document, notes: [{ code: 'upgrade-31-unchanged', severity: 'info', message: `document is already OpenAPI ${version}; returned unchanged`, source: ['openapi'] }] };
  }
  if (typeof version !== 'string' || !/^3\.0\.\d+/.test(version)) {
    const got = typeof version === 'string' ? `openapi ${version}` : typeof own(doc3_0, 'swagger') === 'string' ? `swagger ${String(own(doc3_0, 'swagger'))}` : 'no openapi version';
    throw new InputError(`upgradeTo31 expects an OpenAPI 3.0.x document, got ${got}`);
  }
  return { document, notes: upgradeInPlace(document) };
}

function upgradeSchema(s: Obj, path: string[], note: Note, opts: UpgradeOptions): void {
  exclusiveBound(s, 'exclusiveMinimum', 'minimum', path, note);
  exclusiveBound(s, 'exclusiveMaximum', 'maximum', path, note);

  if (Object.hasOwn(s, 'example')) {
    const examples = own(s, 'examples');
    if (!Object.hasOwn(s, 'examples')) {
      replaceKeyInOrder(s, 'example', 'examples', [s.example]);
      note('upgrade-31-example', 'info', 'schema example became examples: [example]', path);
    } else if (Array.isArray(examples)) {
      s.examples = [s.example, ...examples];
      delete s.example;
      note('upgrade-31-example', 'info', 'schema example joined examples', path);
    }
  }

  if (Object.hasOwn(s, 'nullable')) {
    const nullable = s.nullable;
    delete s.nullable;
    if (nullable === true) makeNullable(s, path, note);
  }

  if (opts.collapseRefWrappers) {
    const allOf = own(s, 'allOf');
    if (Array.isArray(allOf) && allOf.length === 1 && isPureRef(allOf[0]) && Object.keys(s).every((k) => k === 'allOf' || isAnnotation(k))) {
      replaceKeyInOrder(s, 'allOf', '$ref', allOf[0].$ref);
    }
  }
}

function exclusiveBound(s: Obj, exclusive: string, bound: string, path: string[], note: Note): void {
  const flag = own(s, exclusive);
  if (typeof flag !== 'boolean') return;
  const value = own(s, bound);
  if (flag && typeof value === 'number') {
    s[exclusive] = value;
    delete s[bound];
    note('upgrade-31-exclusive-bound', 'info', `${exclusive}: true with ${bound} ${value} became ${exclusive}: ${value}`, path);
  } else {
    delete s[exclusive];
    if (flag) note('upgrade-31-exclusive-bound', 'warn', `${exclusive}: true without a numeric ${bound} has no meaning; dropped`, [...path, exclusive]);
  }
}

function makeNullable(s: Obj, path: string[], note: Note): void {
  const type = own(s, 'type');
  const hasApplicator = APPLICATORS.some((k) => Object.hasOwn(s, k));
  if (!hasApplicator && (typeof type === 'string' || Array.isArray(type))) {
    const types: unknown[] = Array.isArray(type) ? [...type] : [type];
    if (!types.includes('null')) types.push('null');
    s.type = types;
    const en = own(s, 'enum');
    if (Array.isArray(en) && !en.includes(null)) s.enum = [...en, null];
    note('upgrade-31-nullable', 'info', `nullable became type [${types.map(String).join(', ')}]${Array.isArray(en) ? ' and null was added to enum' : ''}`, path);
    return;
  }
  // No type (or a type that $ref/allOf/… would contradict): keep the constraints in one branch of
  // a union with null; annotations stay on the outer schema.
  const inner: Obj = {};
  const outer = Object.entries(s);
  for (const [k] of outer) delete s[k];
  for (const [k, v] of outer) setOwn(isAnnotation(k) ? s : inner, k, v);
  const innerKeys = Object.keys(inner);
  if (innerKeys.length === 0) {
    note('upgrade-31-nullable', 'info', 'nullable on a schema without constraints (already allows null) was dropped', path);
    return;
  }
  const allOf = own(inner, 'allOf');
  const branch = innerKeys.length === 1 && Array.isArray(allOf) && allOf.length === 1 && isObj(allOf[0]) ? allOf[0] : inner;
  s.anyOf = [branch, { type: 'null' }];
  note('upgrade-31-nullable', 'info', "nullable became anyOf [<schema>, {type: 'null'}]", path);
}

/** Binary / base64 strings of a request body; `rootMediaType` is set for the media type's own schema. */
function fileUpload(s: Obj, path: string[], rootMediaType: string | undefined, note: Note): void {
  if (own(s, 'type') !== 'string') return;
  const format = own(s, 'format');
  if (format === 'binary' && !Object.hasOwn(s, 'contentMediaType')) {
    const concrete = rootMediaType !== undefined && /^[\w.+-]+\/[\w.+-]+$/.test(rootMediaType) && !rootMediaType.startsWith('multipart/');
    const mt = concrete ? rootMediaType : 'application/octet-stream';
    s.contentMediaType = mt;
    note('upgrade-31-content-media-type', 'info', `binary string in a request body: added contentMediaType ${mt}`, path);
  } else if (format === 'byte' && !Object.hasOwn(s, 'contentEncoding')) {
    s.contentEncoding = 'base64';
    note('upgrade-31-content-media-type', 'info', 'base64 string (format byte) in a request body: added contentEncoding base64', path);
  }
}
