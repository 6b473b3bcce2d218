/** Suggestions for a misspelt name (one edit-distance measure for every "did you mean"). */

/** Levenshtein distance with an early exit once it exceeds `max` (names are short). */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

/**
 * The closest known name to a misspelt one, if it is close enough to be a plausible typo
 * (case-insensitive match, or at most 2 edits for names longer than 3 characters).
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  const lower = name.toLowerCase();
  for (const k of known) {
    if (k === name) continue;
    if (k.toLowerCase() === lower) return k;
    const max = name.length > 3 ? 2 : 1;
    const d = distance(lower, k.toLowerCase(), max);
    if (d <= max && d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return best;
}

/** ` (did you mean 'x'?)` for a plausible typo of one of `candidates`, else ''. */
export function suggest(word: string, candidates: Iterable<string>): string {
  const best = closestName(word, candidates);
  return best !== undefined ? ` (did you mean '${best}'?)` : '';
}
