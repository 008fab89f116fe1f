import { spellingVariants } from '#shared/search/spelling-variants.ts';

/** Case-insensitive substring match over the message text, in any spelling of ß and ss. */
export function filterMessages<T extends { content: string }>(items: T[], query: string): T[] {
  const needles = spellingVariants(query.trim());
  return items.filter((item) => {
    const text = item.content.toLowerCase();
    return needles.some((needle) => text.includes(needle));
  });
}
