/** A duration in ms as people read it in a message: `60 s`, `2.5 s`, `0.001 s`. */
export function formatSeconds(ms: number): string {
  return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${Number((ms / 1000).toPrecision(2))} s`;
}
