import Markdown, { type Components, type UrlTransform } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * Spec 01-core §9 link and image safety: links only http, https and mailto; images only
 * http/https. Anything else (javascript:, data:, relative tricks) becomes no address at all.
 */
export const safeUrl: UrlTransform = (url, key) => {
  const allowed = key === 'src' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS;
  try {
    const parsed = new URL(url);
    return allowed.has(parsed.protocol) ? url : '';
  } catch {
    return '';
  }
};

const components: Components = {
  a: ({ node: _node, children, ...props }) =>
    props.href ? (
      <a {...props} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ node: _node, alt, ...props }) =>
    props.src ? (
      <img {...props} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />
    ) : null,
};

/**
 * An assistant reply as formatted text (spec 01-core §2): GFM tables, task lists and links.
 * Raw HTML is never rendered (no rehype-raw); rehype-sanitize strips scripts and event handlers
 * and prefixes ids with `user-content-`. Loaded lazily so the first page stays small.
 */
export default function MarkdownContent({ text }: { text: string }) {
  return (
    <div className="space-y-3 break-words [&_a]:text-accent [&_a]:underline [&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-bg [&_pre]:p-3 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-line [&_td]:px-2 [&_th]:border [&_th]:border-line [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6 [&_li.task-list-item]:list-none">
      <Markdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSanitize]}
        urlTransform={safeUrl}
        skipHtml
        components={components}
      >
        {text}
      </Markdown>
    </div>
  );
}
