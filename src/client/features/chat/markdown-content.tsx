import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from './code-block.tsx';
import { markdownElements, type MarkdownComponents } from './markdown-elements.tsx';
import { imagesShown, rememberShown, RemoteImages, ReplyImage } from './reply-images.tsx';

/** A wide table scrolls sideways in its own region, which a keyboard can focus to scroll it. */
function ScrollingTable({ children }: { children: ReactNode }) {
  const { t } = useTranslation('messages');
  return (
    <div tabIndex={0} role="region" aria-label={t('table.label')} className="overflow-x-auto">
      <table>{children}</table>
    </div>
  );
}

/** The reply's footnotes, below it, named for screen readers. */
function Footnotes({ children }: { children: ReactNode }) {
  const { t } = useTranslation('messages');
  return (
    <section aria-label={t('footnotes.label')} className="border-t border-line pt-2 text-sm">
      {children}
    </section>
  );
}

function BackReference({ href, number }: { href: string; number: number }) {
  const { t } = useTranslation('messages');
  return (
    <>
      {' '}
      <a href={href} aria-label={t('footnotes.back', { number })}>
        ↩
      </a>
    </>
  );
}

const components: MarkdownComponents = {
  table: ScrollingTable,
  // A jump within the reply (a footnote) stays in the tab; any other address opens a new one.
  link: ({ href, title, children }) =>
    href.startsWith('#') ? (
      <a href={href} title={title}>
        {children}
      </a>
    ) : (
      <a href={href} title={title} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ),
  code: CodeBlock,
  image: ReplyImage,
  footnotes: Footnotes,
  backReference: BackReference,
};

/** Replies whose rendered output is kept: more than a long conversation's pages scrolled through. */
const CACHE_SIZE = 1000;
/** Rendered output by reply text, least recently used first (a Map keeps insertion order). */
const rendered = new Map<string, ReactElement>();

/**
 * The reply's elements, parsed once per text: a row scrolled out of view and back, or a
 * conversation opened again, reuses them instead of parsing the Markdown again (the parse is the
 * costly part of a row). The elements are a pure function of the text, so they can be kept.
 */
function renderMarkdown(text: string): ReactElement {
  const cached = rendered.get(text);
  if (cached) {
    rendered.delete(text);
    rendered.set(text, cached);
    return cached;
  }
  const output = markdownElements(text, components);
  rendered.set(text, output);
  if (rendered.size > CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
  return output;
}

/**
 * An assistant reply as formatted text (spec 01-core §2): GFM tables, task lists, links, quotes
 * (set off by a bar: the base styles leave a blockquote looking like any paragraph) and code
 * blocks with a copy button and highlighting loaded on demand.
 * Raw HTML is never rendered, addresses pass safeUrl and ids carry the `user-content-` prefix
 * (markdown-elements.tsx). Remote images wait for the user's 'show image' (reply-images.tsx).
 * Loaded lazily so the first page stays small.
 */
export default function MarkdownContent({ text }: { text: string }) {
  const [shown, setShown] = useState(() => imagesShown(text));
  const images = useMemo(
    () => ({
      shown: shown || imagesShown(text),
      show: () => {
        rememberShown(text);
        setShown(true);
      },
    }),
    [shown, text],
  );
  return (
    <RemoteImages value={images}>
      <div className="space-y-3 break-words [&_a]:text-accent [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-muted [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-surface-2 [&_:not(pre)>code]:px-1 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_td]:border [&_td]:border-line [&_td]:px-2 [&_th]:border [&_th]:border-line [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6 [&_li.task-list-item]:list-none">
        {renderMarkdown(text)}
      </div>
    </RemoteImages>
  );
}
