/** The form in which search keys are stored and compared: no markup, no accents, lower case. */
export function searchKey(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
