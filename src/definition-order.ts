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

/** The IDs of the definitions of an entry and of its run-on entries, in reading order. */
export const readingOrder = (
  definitionMap: DefinitionMap,
  runOns?: readonly { definitions: DefinitionMap }[] | null,
): string[] =>
  [definitionMap, ...(runOns ?? []).map((runOn) => runOn.definitions)].flatMap((map) =>
    orderedDefinitions(map).map(([id]) => id),
  );

/**
 * Definitions an entry not read before shows at once, with the linked one (the app shows more
 * after each paint): the page the server renders, and the first screen it waits for.
 */
export const FIRST_SHOWN = 5;
