/** Case-insensitive substring match over the message text. */
export function filterMessages<T extends { content: string }>(items: T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  return items.filter((item) => item.content.toLocaleLowerCase().includes(needle));
}
