import type { Element, ElementContent } from 'hast';
import { useMemo, useState, type ComponentProps, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components, type ExtraProps, type UrlTransform } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './code-block.tsx';
import { imagesShown, rememberShown, RemoteImages, ReplyImage } from './reply-images.tsx';

/** The protocols GitHub's sanitizer allows in links: the web, mail and chat addresses. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'irc:', 'ircs:', 'xmpp:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);
/** rehype-sanitize's prefix for ids (spec 01-core §9), so a reply cannot clobber page ids. */
const CLOBBER_PREFIX = 'user-content-';

/**
 * Spec 01-core §9 link and image safety: links only http, https, mailto and the few chat
 * protocols above, or a jump within the reply (#user-content-… footnotes); images only
 * http/https. Anything else (javascript:, data:, relative tricks) becomes no address at all.
 */
export const safeUrl: UrlTransform = (url, key) => {
  const allowed = key === 'src' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS;
  if (key === 'href' && url.startsWith('#')) return url;
  try {
    const parsed = new URL(url);
    return allowed.has(parsed.protocol) ? url : '';
  } catch {
    return '';
  }
};

const textOf = (nodes: ElementContent[]): string =>
  nodes
    .map((node) =>
      node.type === 'text' ? node.value : node.type === 'element' ? textOf(node.children) : '',
    )
    .join('');

/** The fence's language from the `language-…` class remark gives the code element. */
function languageOf(code: Element | undefined): string | null {
  const classes = code?.properties.className;
  const match = Array.isArray(classes)
    ? classes.map(String).find((name) => name.startsWith('language-'))
    : undefined;
  return match ? match.slice('language-'.length) : null;
}

/** A wide table scrolls sideways in its own region, which a keyboard can focus to scroll it. */
function ScrollingTable({ node: _node, ...props }: ComponentProps<'table'> & ExtraProps) {
  const { t } = useTranslation('messages');
  return (
    <div tabIndex={0} role="region" aria-label={t('table.label')} className="overflow-x-auto">
      <table {...props} />
    </div>
  );
}

const components: Components = {
  table: ScrollingTable,
  a: ({ node: _node, children, ...props }) =>
    !props.href ? (
      <span>{children}</span>
    ) : props.href.startsWith('#') ? (
      // rehype-sanitize prefixes the targets' ids; the jump must name the prefixed id too.
      <a {...props} href={`#${CLOBBER_PREFIX}${props.href.slice(1)}`}>
        {children}
      </a>
    ) : (
      <a {...props} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ),
  pre: ({ node }) => {
    const code = node?.children.find(
      (child): child is Element => child.type === 'element' && child.tagName === 'code',
    );
    return (
      <CodeBlock
        code={textOf(code?.children ?? []).replace(/\n$/, '')}
        language={languageOf(code)}
      />
    );
  },
  img: ReplyImage,
};

/** Replies whose rendered output is kept: more than a long conversation's pages scrolled through. */
const CACHE_SIZE = 1000;
/** Rendered output by reply text, least recently used first (a Map keeps insertion order). */
const rendered = new Map<string, ReactElement>();

/**
 * The reply's elements, parsed once per text: a row scrolled out of view and back, or a
 * conversation opened again, reuses them instead of parsing the Markdown again (the parse is the
 * costly part of a row). `Markdown` is a pure function of its options, so its output can be kept.
 */
function renderMarkdown(text: string): ReactElement {
  const cached = rendered.get(text);
  if (cached) {
    rendered.delete(text);
    rendered.set(text, cached);
    return cached;
  }
  const output = Markdown({
    children: text,
    remarkPlugins: [remarkGfm],
    // Footnote ids get their prefix once, from rehype-sanitize (not also from remark-rehype).
    remarkRehypeOptions: { clobberPrefix: '' },
    rehypePlugins: [rehypeSanitize],
    urlTransform: safeUrl,
    skipHtml: true,
    components,
  });
  rendered.set(text, output);
  if (rendered.size > CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
  return output;
}

/**
 * An assistant reply as formatted text (spec 01-core §2): GFM tables, task lists, links, quotes
 * (set off by a bar: the base styles leave a blockquote looking like any paragraph) and code
 * blocks with a copy button and highlighting loaded on demand.
 * Raw HTML is never rendered (no rehype-raw); rehype-sanitize strips scripts and event handlers
 * and prefixes ids with `user-content-`. Remote images wait for the user's 'show image'
 * (reply-images.tsx). Loaded lazily so the first page stays small.
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
