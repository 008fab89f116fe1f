/** Most ß/ss spots a text's variants cover: 2^4 = 16 spellings, enough for any real word. */
const MAX_SPOTS = 4;
const SHARP_S = /(ß|ss)/;

/**
 * The spellings German treats as one: ß and ss. Swiss German always writes "Strasse", capitals
 * write "STRASSE", and older texts "Schloß": each finds the others, in search (docs/decisions/
 * 011-search.md) and in the in-chat filter. Lower case, the text's own spelling first. Only the
 * first MAX_SPOTS spots vary; after them the text is taken as written.
 */
export function spellingVariants(text: string): string[] {
  const parts = text.toLowerCase().split(SHARP_S);
  let variants = [''];
  for (const [index, part] of parts.entries()) {
    const spot = index % 2 === 1 && index < 2 * MAX_SPOTS;
    const options = spot ? [part, part === 'ß' ? 'ss' : 'ß'] : [part];
    variants = variants.flatMap((start) => options.map((option) => start + option));
  }
  return variants;
}
