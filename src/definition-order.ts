import type { DefinitionMap } from './api/schemas';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Definition numbers in reading order: 2 before 10, 3a before 3b. */
export const compareDefinitionNumbers = (a: string, b: string): number => collator.compare(a, b);

/** [defId, number] pairs of a definition map, in reading order. */
export function orderedDefinitions(map: DefinitionMap): [defId: string, number: string][] {
  return Object.entries(map).sort(
    ([idA, numberA], [idB, numberB]) => compareDefinitionNumbers(numberA, numberB) || collator.compare(idA, idB),
  );
}
