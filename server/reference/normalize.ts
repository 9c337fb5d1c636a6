/**
 * The form in which search keys are stored and compared: no markup, no accents, lower case.
 * Every step is linear in the text: a tag is what lies between `<` and the next `>` with no
 * `<` inside, so that a `<` never sends the match on to the end of the text.
 */
export function searchKey(text: string): string {
  return text
    .replace(/<[^<>]*>/g, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
