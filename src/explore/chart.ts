/** The score-history sparkline, as inline SVG (no script, no request): one point per recorded lint. */
import { esc } from './reference.js';

export interface ScorePoint {
  /** When the lint ran (ISO 8601). */
  at: string;
  score: number;
  grade: string;
}

// Fixed 0–100 scale, so the lines of different specs compare at a glance.
const W = 160;
const H = 36;
const PAD = 4;

/** `runs` oldest first; `total` is how many there are when `runs` holds only the latest. */
export function scoreSparkline(runs: readonly ScorePoint[], total = runs.length): string {
  if (runs.length === 0) return '';
  const x = (i: number) => round(runs.length === 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (runs.length - 1));
  const y = (score: number) => round(PAD + ((100 - Math.min(100, Math.max(0, int(score)))) * (H - 2 * PAD)) / 100);
  const label = `score history: ${total > runs.length ? `last ${runs.length} of ${total}` : runs.length} ${total === 1 ? 'run' : 'runs'}, ${int(runs[0]!.score)} to ${int(runs.at(-1)!.score)}`;
  const line = runs.length > 1 ? `<polyline points="${runs.map((r, i) => `${x(i)},${y(r.score)}`).join(' ')}"/>` : '';
  const points = runs.map((r, i) => `<circle cx="${x(i)}" cy="${y(r.score)}" r="2.5"><title>${esc(`${when(r.at)} · score ${int(r.score)} · ${r.grade}`)}</title></circle>`).join('');
  return `<svg class="spark" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(label)}">${line}${points}</svg>`;
}

/** `2025-01-02T09:30:00.000Z` → `2025-01-02 09:30 UTC`, as `apictl score` shows times. */
function when(iso: string): string {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso;
}

/** Numbers from the registry, never NaN or text in the markup. */
function int(n: number | undefined): number {
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : 0;
}

const round = (n: number) => Math.round(n * 10) / 10;
