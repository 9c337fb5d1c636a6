// "Did you mean": the texts closest to a query by edit distance (optimal string alignment:
// insertions, deletions, substitutions and swaps of neighbours each count one), found through
// an index of deletions (symmetric delete): each key is indexed under itself and under each
// text one character shorter; a query looks itself up, and each text one or two characters
// shorter. That finds every key one edit away, and those two edits away but for two
// insertions or two substitutions, in a few dozen index lookups whatever the vocabulary's size.

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

/** Keys longer than this are indexed under themselves only: long phrases are rarely misspelt in one letter. */
export const MAX_DELETION_LENGTH = 20;

/** The texts one character shorter than `text` (each character left out once), without repeats. */
export function deletions(text: string): string[] {
  const characters = [...text];
  const shorter = new Set<string>();
  for (let index = 0; index < characters.length; index++) {
    shorter.add([...characters.slice(0, index), ...characters.slice(index + 1)].join(''));
  }
  return [...shorter];
}

/** The texts a key is indexed under: itself and, if not too long, its deletions. */
export const indexedForms = (key: string): string[] =>
  [...key].length > MAX_DELETION_LENGTH ? [key] : [key, ...deletions(key)];

/** The texts a query looks up: itself and its deletions, down to as many as it may differ by. */
export function queryForms(key: string): string[] {
  const forms = new Set([key]);
  let layer = [key];
  for (let edits = 0; edits < maxEdits(key); edits++) {
    layer = layer.flatMap(deletions).filter((form) => !forms.has(form));
    for (const form of layer) forms.add(form);
  }
  return [...forms];
}

/** A 32-bit hash (FNV-1a over UTF-16 code units) of a text of a field: what the index stores. */
export function spellingHash(fieldId: number, text: string): number {
  let hash = 0x811c9dc5;
  const input = `${fieldId}\0${text}`;
  for (let index = 0; index < input.length; index++) {
    hash ^= input.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
