/** Which API description this is, from its version field alone (never from the file name). */
import type { DetectedSpec, SpecKind } from './model.js';

export const SUPPORTED_VERSIONS = 'Swagger 2.0, OpenAPI 3.0.x, 3.1.x, 3.2.x';

export type Detection = { ok: true; spec: DetectedSpec } | { ok: false; message: string; path: string[] };

/** Detects the kind of API description from the root value. */
export function detectSpec(root: unknown): Detection {
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    const what = root === null ? 'null' : Array.isArray(root) ? 'an array' : `a ${typeof root}`;
    return { ok: false, path: [], message: `not an API description: the document is ${what}, not an object (supported: ${SUPPORTED_VERSIONS})` };
  }
  const doc = root as Record<string, unknown>;
  const hasOpenapi = Object.hasOwn(doc, 'openapi');
  const hasSwagger = Object.hasOwn(doc, 'swagger');
  if (hasOpenapi && hasSwagger) {
    return { ok: false, path: ['swagger'], message: "document has both 'swagger' and 'openapi' fields; keep the one that matches its content" };
  }
  if (hasSwagger) {
    const v = doc.swagger;
    // `swagger: 2.0` unquoted in YAML is the number 2; accept it here, validation reports the type.
    if (v === '2.0' || v === 2) return { ok: true, spec: { kind: 'swagger-2.0', version: '2.0' } };
    return { ok: false, path: ['swagger'], message: `unsupported Swagger version '${short(v)}' (supported: ${SUPPORTED_VERSIONS})` };
  }
  if (hasOpenapi) {
    const v = doc.openapi;
    const text = typeof v === 'number' ? String(v) : v;
    if (typeof text === 'string') {
      const m = /^3\.([0-2])(?:\.(\d+))?(?:-[\w.]+)?$/.exec(text.trim());
      if (m) {
        const kind = (['openapi-3.0', 'openapi-3.1', 'openapi-3.2'] as SpecKind[])[Number(m[1])]!;
        return { ok: true, spec: { kind, version: text.trim() } };
      }
    }
    return { ok: false, path: ['openapi'], message: `unsupported OpenAPI version '${short(v)}' (supported: ${SUPPORTED_VERSIONS})` };
  }
  return { ok: false, path: [], message: `no 'openapi' or 'swagger' field: not an API description (supported: ${SUPPORTED_VERSIONS})` };
}

function short(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  return s.length > 40 ? s.slice(0, 40) + '…' : s;
}
