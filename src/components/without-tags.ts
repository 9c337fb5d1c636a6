/**
 * The text with its tags removed, in linear time (a tag is what lies between `<` and the next
 * `>`, with no `<` inside): what markup shows until it can be rendered, or if it cannot be.
 */
export const withoutTags = (text: string): string => text.replace(/<[^<>]*>/g, '');
