/**
 * What the portfolio page shows, read from the registry: every registered spec with its latest
 * version and the score history of its lint runs.
 *
 * `apictl lint NAME` records a registered spec's runs under `spec:<slug>` (with `spec_slug` set);
 * `apictl import` records none. Runs of the spec's file linted by path (`file:…`) are the file's
 * history, not the registered spec's, as `apictl score` keeps them apart too.
 */
import { history, latestPerSpec, runCount, type RunRow } from '../score/history.js';
import { registeredSpecIdentity } from '../score/identity.js';
import type { Registry, SpecSummary } from '../store/index.js';
import { CHART_RUNS, type PortfolioSpec } from './portfolio.js';

/** The registered specs, ordered by name (then slug), each with its runs. */
export function portfolioFromRegistry(registry: Registry): PortfolioSpec[] {
  const latest = latestPerSpec(registry);
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return registry
    .listSpecs()
    .sort((a, b) => collator.compare(a.name, b.name) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
    .map((s) => specOf(registry, s, identitiesOf(s.slug, latest)));
}

/** `spec:<slug>`, plus any other identity whose runs carry the slug (none today; kept should one appear). */
function identitiesOf(slug: string, latest: RunRow[]): string[] {
  const own = registeredSpecIdentity(slug);
  const ids = new Set<string>();
  for (const r of latest) if (r.specIdentity === own || r.specSlug === slug) ids.add(r.specIdentity);
  return [...ids];
}

function specOf(registry: Registry, s: SpecSummary, identities: string[]): PortfolioSpec {
  let total = 0;
  const rows: RunRow[] = [];
  for (const id of identities) {
    total += runCount(registry, id);
    rows.push(...history(registry, id, CHART_RUNS));
  }
  rows.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.id - b.id));
  const runs = rows.slice(-CHART_RUNS);
  const last = runs.at(-1);
  const spec: PortfolioSpec = {
    name: s.name,
    slug: s.slug,
    href: `${s.slug}.html`,
    // as `apictl specs` shows it: the original's format and version as written
    format: `${s.latestSpecKind.startsWith('swagger') ? 'Swagger' : 'OpenAPI'} ${s.latestSpecVersion}`,
    latestVersion: s.latestVersion,
    versions: s.versionCount,
    history: runs.map((r) => ({ at: r.time, score: r.score.total, grade: r.score.grade })),
  };
  if (total > runs.length) spec.runs = total;
  if (last) {
    spec.score = { score: last.score.total, grade: last.score.grade };
    spec.counts = { ...last.countsBySeverity };
    // a run records the hash of the text it linted, which is the version's content hash
    const scored = registry.listVersions(s.slug).find((v) => v.contentHash === last.contentHash);
    if (scored) spec.scoredVersion = scored.number;
  }
  return spec;
}
