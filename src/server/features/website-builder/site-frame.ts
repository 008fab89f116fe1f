import { createHash } from 'node:crypto';
import { escapeHtml } from '#shared/export/export-format.ts';

/**
 * A generated site always runs framed (docs/decisions/327-a-site-runs-only-framed.md). As a
 * top-level document even a sandboxed page may navigate itself — to a look-alike sign-in
 * elsewhere, say, after showing the app's address in the URL bar. In a frame it cannot: the
 * iframe's sandbox has no allow-top-navigation, and the embedder's `frame-src 'self'` stops the
 * frame itself from going to another origin.
 */

/** What the browser says the view is loaded as (Fetch Metadata, Sec-Fetch-Dest). */
export function viewDestination(secFetchDest: string | string[] | undefined) {
  if (secFetchDest === 'iframe') return 'frame';
  if (secFetchDest === 'document') return 'document';
  return 'other';
}

const FRAME_STYLE =
  'html,body{margin:0;height:100%;background:#fff}iframe{display:block;width:100%;height:100%;border:0}';

/**
 * The "open in full" page: nothing but the sandboxed frame over the whole viewport. No script;
 * its one style block allowed by hash; it may frame only its own origin and be framed by none.
 */
export const SITE_FRAME_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(FRAME_STYLE).digest('base64')}'`,
  "frame-src 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The page framing `view` (relative: the sibling of the `full` route, behind any path prefix). */
export function siteFrameHtml(name: string): string {
  const title = escapeHtml(name);
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${FRAME_STYLE}</style></head>
<body><iframe src="view" sandbox="allow-scripts" referrerpolicy="no-referrer" title="${title}"></iframe></body></html>
`;
}
