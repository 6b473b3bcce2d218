/** Shared helpers for the validate tests (not a test file itself). */
import { validateDocument } from '../../src/validate/index.js';
import type { SpecKind } from '../../src/document/model.js';

/** A finding reduced to what the assertions compare. */
export interface Brief {
  code: string;
  path: string[];
  message: string;
  severity?: string;
}

/** Validates and returns the findings as {code, path, message}. */
export function brief(doc: unknown, kind: SpecKind, withSeverity = false): Brief[] {
  return validateDocument(doc, kind).map((f) => (withSeverity ? { code: f.code, path: f.path, message: f.message, severity: f.severity } : { code: f.code, path: f.path, message: f.message }));
}

/** A deep copy that the test can modify freely. */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Copy of `doc` with `edit` applied (for one-line invalid variants of a valid fixture). */
export function variant<T>(doc: T, edit: (d: any) => void): T {
  const copy = clone(doc);
  edit(copy);
  return copy;
}

/** Freezes a value recursively, so any attempt to mutate it throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
