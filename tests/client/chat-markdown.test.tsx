import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readEvents } from '#client/features/chat/api/chat-stream.ts';
import MarkdownContent from '#client/features/chat/markdown-content.tsx';

const HOSTILE = [
  '# Title',
  '',
  '<script>window.__pwned = true</script>',
  '',
  '[click me](javascript:alert(1)) and [mail](mailto:a@example.com) and [web](https://example.com/x)',
  '',
  '<img src="x" onerror="window.__pwned = true">',
  '',
  '![data image](data:image/png;base64,AAAA) ![remote](https://example.com/a.png)',
  '',
  '<a href="https://example.com" onclick="alert(1)">raw html link</a>',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '- [x] done',
  '- [ ] open',
  '',
  'Footnote[^1].',
  '',
  '[^1]: note',
].join('\n');

describe('assistant reply rendering (spec 01-core §9 link and image safety)', () => {
  it('renders hostile model output inert', () => {
    const { container } = render(<MarkdownContent text={HOSTILE} />);

    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|onclick/i);
    expect(container.innerHTML).not.toContain('javascript:');
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toContain('mailto:a@example.com');
    expect(links).toContain('https://example.com/x');
    expect(
      links.every((href) => href !== null && /^(https?:|mailto:|#user-content-)/.test(href)),
    ).toBe(true);
    const clickMe = [...container.querySelectorAll('a')].find((a) => a.textContent === 'click me');
    expect(clickMe).toBeUndefined();
    const images = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(images).toEqual(['https://example.com/a.png']);
    // Raw HTML is never turned into elements: its tags are dropped.
    const rawLink = [...container.querySelectorAll('a')].find((a) =>
      a.textContent?.includes('raw html link'),
    );
    expect(rawLink).toBeUndefined();
  });

  it('renders GFM tables and task lists, with ids prefixed user-content-', () => {
    const { container } = render(<MarkdownContent text={HOSTILE} />);

    expect(container.querySelector('table td')?.textContent).toBe('1');
    const boxes = [...container.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id.startsWith('user-content-'))).toBe(true);
  });

  it('external links open in a new tab without the opener', () => {
    const { container } = render(<MarkdownContent text="[web](https://example.com/x)" />);
    const link = container.querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
  });
});

describe('Server-Sent Events reader', () => {
  it('splits events across chunk borders and skips comments', async () => {
    const chunks = [
      'retry: 2000\n\n: ping\n\nid: 1\nevent: start\ndata: {"a":1}\n',
      '\nid: 2\nevent: delta\ndata: {"text":"Hal',
      'lo"}\n\nevent: done\ndata: {}\n\n',
    ];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readEvents(body)) events.push(event);
    expect(events).toEqual([
      { event: 'start', data: '{"a":1}' },
      { event: 'delta', data: '{"text":"Hallo"}' },
      { event: 'done', data: '{}' },
    ]);
  });
});
