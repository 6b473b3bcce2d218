/** `apictl rules [--category C] [--pack P] [--json]` and `apictl rules show ID` */
import { InputError } from '../../errors.js';
import { EXIT } from '../exit-codes.js';
import { createOutput } from '../output.js';
import { table } from '../table.js';

interface RulesFlags {
  category?: string;
  pack?: string;
  json?: boolean;
  all?: boolean;
}

export async function run(flags: RulesFlags): Promise<number> {
  const io = createOutput();
  const { loadRuleset } = await import('../../lint/ruleset.js');
  const { PACKS } = await import('../../lint/paths.js');
  const rs = await loadRuleset({ packs: flags.pack ? [flags.pack] : [...PACKS] });
  let rules = [...rs.meta.values()];
  if (flags.pack) rules = rules.filter((r) => r.pack === flags.pack || r.tunedBy.includes(flags.pack as never));
  else if (!flags.all) rules = rules.filter((r) => !r.pack);
  if (flags.category) rules = rules.filter((r) => r.category === flags.category);
  rules.sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
  if (flags.json) {
    io.out(JSON.stringify({ version: rs.version, fingerprint: rs.fingerprint, rules: rules.map(({ file: _f, ...r }) => r) }, null, 2));
    return EXIT.ok;
  }
  io.out(
    table(
      ['RULE', 'CATEGORY', 'SEVERITY', 'PACK', 'DESCRIPTION'],
      rules.map((r) => [r.name, r.category, r.enabled ? r.severity : 'off', r.pack ?? (r.tunedBy.length ? `(${r.tunedBy.join(',')})` : ''), r.description]),
    ),
  );
  const on = rules.filter((r) => r.enabled).length;
  io.err(`${rules.length} rule(s), ${on} on by default${flags.pack ? ` with pack ${flags.pack}` : ''}; ruleset ${rs.version} (${rs.fingerprint})`);
  return EXIT.ok;
}

export async function show(id: string, flags: { json?: boolean }, cmd?: { parent?: { opts(): { json?: boolean } } }): Promise<number> {
  const io = createOutput();
  const json = flags.json ?? cmd?.parent?.opts().json;
  const { loadRuleset } = await import('../../lint/ruleset.js');
  const { PACKS } = await import('../../lint/paths.js');
  const { ruleDoc } = await import('../../lint/docs.js');
  const rs = await loadRuleset({ packs: [...PACKS] });
  const meta = rs.meta.get(id);
  if (!meta) throw new InputError(`no rule '${id}' (see: apictl rules)`);
  const doc = ruleDoc(id);
  if (json) {
    const { file: _f, ...m } = meta;
    io.out(JSON.stringify({ ...m, ...doc }, null, 2));
    return EXIT.ok;
  }
  const c = io.cOut;
  const indent = (t: string) =>
    t
      .trimEnd()
      .split('\n')
      .map((l) => '    ' + l)
      .join('\n');
  io.out(
    [
      `${c.bold(meta.name)}  ${meta.category} · ${meta.severity}${meta.pack ? ` · pack ${meta.pack}` : ''}${meta.tunedBy.length ? ` · re-tuned by ${meta.tunedBy.join(', ')}` : ''}`,
      '',
      meta.description,
      ...(doc ? ['', c.bold('Why'), doc.why.trim(), '', c.bold('How to fix'), doc.fix.trim(), '', c.bold('Fails'), indent(doc.bad), '', c.bold('Passes'), indent(doc.good)] : []),
    ].join('\n'),
  );
  return EXIT.ok;
}
