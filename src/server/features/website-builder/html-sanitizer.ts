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

/** `url(...)` and `@import` in CSS: only data: URLs and fragments stay. */
export function sanitizeCss(css: string): string {
  return css
    .replace(/@import\s+(?:url\([^)]*\)|"[^"]*"|'[^']*')[^;]*;?/gi, '')
    .replace(/url\(\s*(["']?)(.*?)\1\s*\)/gi, (whole, _quote: string, target: string) =>
      isDataUrl(decodeEntities(target)) || isFragment(target) ? whole : 'none',
    );
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
    if (name.startsWith('on') && HAS_URL.test(value)) {
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
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(
    attributes,
  );
  if (!match) return false;
  const value = decodeEntities(match[1] ?? match[2] ?? match[3] ?? '');
  return !isDataUrl(value);
};

export function sanitizeHtml(html: string): string {
  let out = html
    // Scripts from elsewhere go with their element; inline scripts stay.
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi, (whole, attributes: string) =>
      externalReference(attributes, 'src') ? '' : whole,
    )
    // <link> only ever loads something (stylesheets, fonts, icons, preloads): all of them go
    // unless they point at a data: URL.
    .replace(/<link\b([^>]*)>/gi, (whole, attributes: string) =>
      externalReference(attributes, 'href') || !/\bhref\s*=/i.test(attributes) ? '' : whole,
    )
    .replace(/<base\b[^>]*>/gi, '')
    .replace(/<meta\b[^>]*http-equiv\s*=\s*["']?\s*refresh[^>]*>/gi, '')
    .replace(
      /<(style)\b([^>]*)>([\s\S]*?)<\/style\s*>/gi,
      (_whole, tag: string, a: string, css: string) => `<${tag}${a}>${sanitizeCss(css)}</style>`,
    );
  // Attributes of every start tag (not inside scripts or styles, which have no tags).
  out = replaceOutsideRawText(out, (segment) =>
    segment.replace(
      /<([a-zA-Z][a-zA-Z0-9:-]*)(\s[^<>]*?)?(\/?)>/g,
      (_whole, tag: string, attributes: string | undefined, selfClose: string) => {
        const rewritten = attributes ? sanitizeAttributes(tag.toLowerCase(), attributes) : '';
        return `<${tag}${rewritten}${selfClose}>`;
      },
    ),
  );
  // Whatever is left (a URL in a script string, in text, in an attribute shape not listed above).
  return out.replace(ANY_URL, (url) => (NAMESPACE.test(url) ? url : '#'));
}

/** Applies `rewrite` to the markup between <script>/<style> elements, not to their contents. */
function replaceOutsideRawText(html: string, rewrite: (segment: string) => string) {
  const raw = /(<(script|style)\b[^>]*>)([\s\S]*?)(<\/\2\s*>)/gi;
  let result = '';
  let last = 0;
  for (const match of html.matchAll(raw)) {
    result += rewrite(html.slice(last, match.index)) + rewrite(match[1]!) + match[3]! + match[4]!;
    last = match.index + match[0].length;
  }
  return result + rewrite(html.slice(last));
}

/** Every external reference a sanitized page must not contain (tests and the check step). */
export function findExternalUrls(html: string): string[] {
  return [...html.matchAll(ANY_URL)].map((match) => match[0]).filter((url) => !NAMESPACE.test(url));
}
