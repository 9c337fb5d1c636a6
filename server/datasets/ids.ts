import { createHash } from 'node:crypto';

/** A stable entry ID in the spec's 8-4-4-4-12 hexadecimal form, derived from a key. */
export function stableEntryId(namespace: string, key: string): string {
  const hex = createHash('sha1').update(`${namespace}\0${key}`).digest('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join('-');
}
