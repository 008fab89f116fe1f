/**
 * Makes a generated page self-contained: every reference to something outside the document
 * (CDN scripts, web fonts, remote images, @import, srcset candidates, <base>, refresh redirects)
 * is removed, whatever the model wrote. A page that loads nothing cannot leak its viewer's
 * address to a third party, and it looks the same offline, downloaded or in the sandbox.
 *
 * Resources may only be data: URLs (or in-document fragments for SVG <use>); links keep
 * fragments, mailto: and tel:, anything else becomes '#'. A last pass removes any http(s) URL
 * left in scripts, styles or text, so "no external URL" holds even for shapes not listed here.
 */

/** Attributes that load something. */
const RESOURCE_ATTRIBUTES = new Set([
  'src',
  'poster',
  'background',
  'data',
  'codebase',
  'manifest',
  'xlink:href',
  'lowsrc',
  'dynsrc',
  'longdesc',
  'icon',
]);
/** Attributes that navigate or submit. */
const LINK_ATTRIBUTES = new Set(['href', 'action', 'formaction', 'cite', 'ping']);
const SRCSET_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);

/** SVG and MathML namespace names are identifiers, never fetched. */
const NAMESPACE = /^https?:\/\/www\.w3\.org\//i;
const ANY_URL = /\b(?:https?|ftp|wss?):\/\/[^\s"'<>`()\\]*/gi;
const HAS_URL = /\b(?:https?|ftp|wss?):\/\//i;

const isDataUrl = (value: string) => /^\s*data:/i.test(value);
const isFragment = (value: string) => /^\s*#/.test(value);
const isSafeLink = (value: string) => /^\s*(#|mailto:|tel:)/i.test(value);

function decodeEntities(value: string) {
  return (
    value
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&colon;/gi, ':')
      .replace(/&sol;/gi, '/')
      .replace(/&amp;/gi, '&')
      // Browsers ignore control characters and spaces inside a URL's scheme ("java\tscript:").
      .replace(/\s/g, '')
      .replace(/\p{Cc}/gu, '')
  );
}

/**
 * `url(...)` and `@import` in CSS: only data: URLs and fragments stay. A scan, not a regular
 * expression: a page full of unclosed `url(` must not cost quadratic time.
 */
export function sanitizeCss(css: string): string {
  const text = css.replace(/@import\b[^;]{0,2000};?/gi, '');
  const lower = text.toLowerCase();
  let out = '';
  let from = 0;
  for (;;) {
    const at = lower.indexOf('url(', from);
    if (at === -1) break;
    let start = at + 4;
    while (start < text.length && /\s/.test(text[start]!)) start += 1;
    const quote = text[start] === '"' || text[start] === "'" ? text[start]! : '';
    const endQuote = quote ? text.indexOf(quote, start + 1) : -1;
    const close = text.indexOf(')', quote && endQuote !== -1 ? endQuote : start);
    if (close === -1 || (quote && endQuote === -1)) {
      // Never closed: nothing after it is valid CSS anyway.
      out += text.slice(from, at);
      from = text.length;
      break;
    }
    const target = quote ? text.slice(start + 1, endQuote) : text.slice(start, close).trim();
    const keep = isDataUrl(decodeEntities(target)) || isFragment(target);
    out += text.slice(from, at) + (keep ? text.slice(at, close + 1) : 'none');
    from = close + 1;
  }
  return out + text.slice(from);
}

function sanitizeSrcset(value: string) {
  return value
    .split(/,(?=\s*\S)/)
    .filter((candidate) => isDataUrl(candidate))
    .join(',');
}

/** Rewrites one start tag's attributes; returns '' to drop the element's start tag. */
function sanitizeAttributes(tagName: string, attributes: string): string | null {
  const kept: string[] = [];
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of attributes.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    const raw = match[2] ?? match[3] ?? match[4];
    if (raw === undefined) {
      kept.push(match[1]!);
      continue;
    }
    const value = decodeEntities(raw);
    let next: string | null = raw;
    if (name === 'srcdoc') {
      next = null;
    } else if (name.startsWith('on') && HAS_URL.test(value)) {
      next = raw.replace(ANY_URL, '');
    } else if (RESOURCE_ATTRIBUTES.has(name) || (name === 'href' && tagName === 'use')) {
      next = isDataUrl(value) || isFragment(value) ? raw : null;
    } else if (LINK_ATTRIBUTES.has(name) || (name === 'href' && tagName === 'image')) {
      next = isSafeLink(value) || (tagName === 'image' && isDataUrl(value)) ? raw : '#';
    } else if (SRCSET_ATTRIBUTES.has(name)) {
      next = sanitizeSrcset(value);
      if (next === '') next = null;
    } else if (name === 'style') {
      next = sanitizeCss(raw);
    }
    if (next === null) continue;
    const quote = next.includes('"') ? "'" : '"';
    kept.push(`${match[1]}=${quote}${next}${quote}`);
  }
  return kept.length > 0 ? ` ${kept.join(' ')}` : '';
}

const externalReference = (attributes: string, name: string) => {
  const match = new RegExp(
    String.raw`(?:^|[\s/])${name}\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))`,
    'i',
  ).exec(attributes);
  if (!match) return false;
  const value = decodeEntities(match[1] ?? match[2] ?? match[3] ?? '');
  return !isDataUrl(value);
};

/**
 * The attributes of a start tag, quote-aware: a '>' inside a quoted value does not end the tag,
 * and '/' separates attributes as it does for browsers (`<img/src=…>`). An unquoted value is
 * taken whole, never split again (the lookahead-and-backreference makes it atomic): otherwise
 * "a/b" could be read as a value or as a value, a '/' and a name, and a hostile page of such
 * attributes without a closing '>' would take the server exponential time.
 */
const ATTRIBUTES = String.raw`(?<attrs>(?:[\s/]+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|(?=(?<unquoted>[^\s"'=<>\x60]+))\k<unquoted>))?)*)`;
const startTag = (name: string) => String.raw`<(?<tag>${name})\b${ATTRIBUTES}\s*(?<close>\/?)\s*>`;
/** A start tag's named parts (the last argument of a replace callback). */
type TagParts = { tag: string; attrs: string; close: string; code?: string; end?: string };
const parts = (args: unknown[]) => args.at(-1) as TagParts;
const rawElement = (name: string) =>
  new RegExp(String.raw`(?<open>${startTag(name)})(?<code>[\s\S]*?)(?<end><\/\k<tag>\s*>)`, 'gi');
/** Quoted protocol-relative URLs in scripts and styles ("//cdn.example.com/x.js"). */
const QUOTED_NETWORK_PATH = /(["'\x60])\s*\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:[/:?#][^"'\x60]*)?\1/gi;

export function sanitizeHtml(html: string): string {
  let out = html
    // Scripts from elsewhere go with their element; inline scripts stay.
    .replace(rawElement('script'), (whole: string, ...args: unknown[]) =>
      externalReference(parts(args).attrs, 'src') ? '' : whole,
    )
    // <link> only ever loads something (stylesheets, fonts, icons, preloads): all of them go
    // unless they point at a data: URL.
    .replace(new RegExp(startTag('link'), 'gi'), (whole: string, ...args: unknown[]) => {
      const { attrs } = parts(args);
      return externalReference(attrs, 'href') || !/href\s*=/i.test(attrs) ? '' : whole;
    })
    .replace(new RegExp(startTag('base'), 'gi'), '')
    .replace(new RegExp(startTag('meta'), 'gi'), (whole: string, ...args: unknown[]) =>
      /http-equiv\s*=\s*["']?\s*refresh/i.test(parts(args).attrs) ? '' : whole,
    );
  // Attributes of every start tag; the contents of scripts and styles are code, not markup.
  out = replaceOutsideRawText(
    out,
    (segment) =>
      segment.replace(
        new RegExp(startTag('[a-zA-Z][a-zA-Z0-9:-]*'), 'g'),
        (_whole: string, ...args: unknown[]) => {
          const { tag, attrs, close } = parts(args);
          const rewritten = attrs ? sanitizeAttributes(tag.toLowerCase(), attrs) : '';
          return `<${tag}${rewritten}${close}>`;
        },
      ),
    (tag, code) =>
      (tag === 'style' ? sanitizeCss(code) : code).replace(QUOTED_NETWORK_PATH, '$1$1'),
  );
  // Whatever is left (a URL in a script string, in text, in an attribute shape not listed above).
  return out.replace(ANY_URL, (url) => (NAMESPACE.test(url) ? url : '#'));
}

/**
 * Applies `rewrite` to the markup, including the start tags of <script> and <style> elements,
 * and `rewriteCode` to their contents.
 */
function replaceOutsideRawText(
  html: string,
  rewrite: (segment: string) => string,
  rewriteCode: (tag: string, code: string) => string,
) {
  let result = '';
  let last = 0;
  for (const match of html.matchAll(rawElement('script|style'))) {
    const groups = match.groups as unknown as TagParts & { open: string };
    result +=
      rewrite(html.slice(last, match.index)) +
      rewrite(groups.open) +
      rewriteCode(groups.tag.toLowerCase(), groups.code ?? '') +
      (groups.end ?? '');
    last = match.index + match[0].length;
  }
  return result + rewrite(html.slice(last));
}

/** Every external reference a sanitized page must not contain (tests and the check step). */
export function findExternalUrls(html: string): string[] {
  return [...html.matchAll(ANY_URL)].map((match) => match[0]).filter((url) => !NAMESPACE.test(url));
}
