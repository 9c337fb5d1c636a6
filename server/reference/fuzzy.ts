// "Did you mean": the texts closest to a query by edit distance (optimal string alignment:
// insertions, deletions, substitutions and swaps of neighbours each count one).

export interface FuzzyCandidate {
  key: string;
  text: string;
}

/** Edit distance between a and b, or `max + 1` as soon as it is known to exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Short words allow one edit, longer ones two. */
export const maxEdits = (key: string): number => (key.length <= 4 ? 1 : 2);

/** Up to `limit` candidates within maxEdits(key) of key, closest first. */
export function closest(key: string, candidates: readonly FuzzyCandidate[], limit: number): FuzzyCandidate[] {
  const max = maxEdits(key);
  const scored: { candidate: FuzzyCandidate; distance: number }[] = [];
  for (const candidate of candidates) {
    if (candidate.key === key) continue;
    const distance = editDistance(key, candidate.key, max);
    if (distance <= max) scored.push({ candidate, distance });
  }
  return scored
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        Number(b.candidate.key[0] === key[0]) - Number(a.candidate.key[0] === key[0]) ||
        Math.abs(a.candidate.key.length - key.length) - Math.abs(b.candidate.key.length - key.length) ||
        a.candidate.key.localeCompare(b.candidate.key),
    )
    .slice(0, limit)
    .map((entry) => entry.candidate);
}
