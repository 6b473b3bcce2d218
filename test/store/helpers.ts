/** Shared helpers for the store tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportInput } from '../../src/store/index.js';

/** A fresh temp directory (realpath'd, since macOS /var is a symlink) and its cleanup. */
export function makeTempDir(prefix = 'apictl-store-'): { dir: string; cleanup: () => void } {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A minimal but complete import input; override what a test cares about. */
export function sampleInput(overrides: Partial<ImportInput> = {}): ImportInput {
  const originalText = overrides.originalText ?? 'swagger: "2.0"\ninfo: { title: Pets, version: "1" }\npaths: {}\n';
  return {
    name: 'Pet Store',
    originalText,
    syntax: 'yaml',
    specKind: 'swagger-2.0',
    specVersion: '2.0',
    convertedJson: JSON.stringify({ openapi: '3.0.3', info: { title: 'Pets', version: '1' }, paths: {} }),
    notesJson: '[]',
    sourcePath: 'specs/pets.yaml',
    stats: { paths: 0, operations: 0, schemas: 0 },
    converted: true,
    ...overrides,
  };
}
