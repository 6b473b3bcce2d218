// Build step (after tsc): parses apictl's own ruleset files once and writes
// dist/lint/rulesets.snapshot.json (path under rulesets/ → sha256 of the text and the parsed value).
// dist/lint/ruleset.js uses an entry only while the file's text still has that hash, so editing a
// ruleset never needs a rebuild; it just parses the YAML again. Only values that survive JSON
// unchanged are stored (anything else is parsed at run time, as before).
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { RULESET_SNAPSHOT, parseRulesetText, textHash } = await import(pathToFileURL(path.join(repo, 'dist', 'lint', 'ruleset.js')).href);
const { RULESETS_DIR } = await import(pathToFileURL(path.join(repo, 'dist', 'lint', 'paths.js')).href);

const files = [];
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    // rule units are the source of the generated rulesets (scripts/rulesets.mjs); functions are code
    if (e.isDirectory() && e.name !== 'rules' && e.name !== 'functions') walk(p);
    else if (e.isFile() && /\.(ya?ml|json)$/.test(e.name)) files.push(p);
  }
};
walk(RULESETS_DIR);

const out = {};
let skipped = 0;
for (const file of files.sort()) {
  const text = readFileSync(file, 'utf8');
  const value = parseRulesetText(text, file);
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(value)), value)) {
    skipped++;
    continue;
  }
  out[path.relative(RULESETS_DIR, file).split(path.sep).join('/')] = { sha256: textHash(text), value };
}
const tmp = RULESET_SNAPSHOT + '.tmp';
writeFileSync(tmp, JSON.stringify(out));
renameSync(tmp, RULESET_SNAPSHOT);
console.log(`snapshot-rulesets: ${Object.keys(out).length} ruleset files${skipped ? `, ${skipped} left to run-time parsing` : ''} → ${path.relative(repo, RULESET_SNAPSHOT)}`);
