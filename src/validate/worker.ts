/**
 * Validation on a worker thread: a large single-file JSON document is parsed again from its text
 * and validated here while the main thread converts and lints it (src/core/prepare.ts). The text
 * loaded once, so JSON.parse gives exactly the loaded value. The findings come back as data; the
 * main thread locates them. src/validate/worker-entry.cts is the thread's entry.
 */
import type { SpecKind } from '../document/model.js';
import { validateDocument } from './index.js';

export interface ValidationJob {
  /** The JSON text the main thread loaded (BOM removed). */
  text: string;
  kind: SpecKind;
  maxFindings: number;
}

export async function runValidationJob(job: ValidationJob): Promise<unknown> {
  return validateDocument(JSON.parse(job.text) as unknown, job.kind, { maxFindings: job.maxFindings });
}
