/** Where apictl's own rulesets live inside the installed package. */
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const RULESETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../rulesets');
export const CORE_RULESET = path.join(RULESETS_DIR, 'apictl.yaml');
export const PACKS_DIR = path.join(RULESETS_DIR, 'packs');
/** One file per rule (definition and documentation), by set: rulesets/rules/<category|pack|validation>/<id>.yaml. */
export const RULES_DIR = path.join(RULESETS_DIR, 'rules');
export const PACKS = ['psd2', 'fhir', 'r155', 'gdpr'] as const;
export type PackName = (typeof PACKS)[number];
