/** A regular expression source matching `text` literally (every metacharacter escaped): search text never becomes a pattern. */
export const literalPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
