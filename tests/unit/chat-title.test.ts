import { describe, expect, it } from 'vitest';
import { cleanTitle } from '#server/features/chat/chat-title.ts';

describe("a model's title answer", () => {
  it('loses Markdown, quotes, a label and the full stop: the list shows plain text', () => {
    expect(cleanTitle('# Sauerteig backen')).toBe('Sauerteig backen');
    expect(cleanTitle('Sauer\0teig\0 backen')).toBe('Sauerteig backen');
    expect(cleanTitle('## **Roggenbrot** im `Ofen`\nDetails folgen')).toBe('Roggenbrot im Ofen');
    expect(cleanTitle('Titel: „Reise nach Rom.“')).toBe('Reise nach Rom');
    expect(cleanTitle('*Kurz gesagt*')).toBe('Kurz gesagt');
    expect(cleanTitle('C# lernen')).toBe('C# lernen');
  });

  it('is no title when nothing is left', () => {
    expect(cleanTitle('**')).toBeUndefined();
    expect(cleanTitle('"".')).toBeUndefined();
  });
});
