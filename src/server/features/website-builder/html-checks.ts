/** What the builder checks in a draft before it is shown (issue 13 item 5). */

/** Finding codes; the refine prompt explains each one to the model (FINDING_ADVICE). */
export type Finding =
  | 'no-html'
  | 'cut-off'
  | 'placeholder'
  | 'too-large'
  | 'blank'
  | 'overflow'
  | 'overflow-mobile'
  | 'small-text'
  | 'low-contrast'
  | 'script-error'
  | 'unresponsive'
  | 'no-browser';

export const FINDING_ADVICE: Record<Finding, string> = {
  'no-html': 'The answer contained no HTML document. Answer with one complete HTML file.',
  'cut-off': 'The document was cut off before </html>. Write it shorter so it ends properly.',
  placeholder:
    'The page contains placeholder text (Lorem ipsum, TODO, [Your ...], {{...}}). Replace every placeholder with real, specific content for this site.',
  'too-large': 'The document is too large. Make it shorter (under 200 KB).',
  blank:
    'The rendered page is blank: nothing visible appears. Make sure content is visible without scripts failing.',
  overflow:
    'The page is wider than a 1280 px desktop window (horizontal scrolling). Fix the widths.',
  'overflow-mobile':
    'The page is wider than a 390 px phone screen (horizontal scrolling). Make the layout responsive.',
  'small-text': 'Some text is smaller than 12 px. Use at least 14 px for body text.',
  'low-contrast':
    'Some text has too little contrast with its background (below WCAG AA 4.5:1). Darken or lighten the colours.',
  'script-error': 'A script on the page throws an error. Fix or remove the failing script.',
  unresponsive:
    'The page never finished rendering: a script keeps the browser busy (an endless loop). Remove it.',
  'no-browser': 'No browser was available to render the page.',
};

/** Findings of the page as rendered that a refinement can fix. */
export const RENDER_FINDINGS: readonly Finding[] = [
  'blank',
  'overflow',
  'overflow-mobile',
  'small-text',
  'low-contrast',
  'script-error',
  'unresponsive',
];

/**
 * The HTML document in a model's answer: the content of a ```html fence (also an unclosed one,
 * when the answer was cut off), else from <!DOCTYPE or <html on. Undefined when there is none.
 */
export function extractHtml(answer: string): string | undefined {
  const fence = /```(?:html)?[^\n]*\n([\s\S]*?)(?:```|$)/i.exec(answer);
  const text = fence && /<(!doctype|html|body)\b/i.test(fence[1]!) ? fence[1]! : answer;
  const start = text.search(/<!doctype\s+html|<html\b/i);
  if (start === -1) return /<body\b/i.test(text) ? text.trim() : undefined;
  return text.slice(start).trim();
}

/** A document that does not end with </html> was cut off (a model's output limit). */
export function isCutOff(html: string): boolean {
  return !/<\/html\s*>\s*$/i.test(html.trim());
}

/** Visible text: no scripts, styles, comments or tags. */
function visibleText(html: string) {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ');
}

const PLACEHOLDERS = [
  /lorem\s+ipsum/i,
  /dolor\s+sit\s+amet/i,
  /\[\s*(?:your|insert|add|enter|company|business|name|phone|email|address)\b[^\]]{0,60}\]/i,
  /\{\{[^}]{1,60}\}\}/,
  /\bplaceholder text\b/i,
];

/** Placeholder text a user would see, or TODO/FIXME notes anywhere in the document. */
export function hasPlaceholders(html: string): boolean {
  const text = visibleText(html);
  return PLACEHOLDERS.some((pattern) => pattern.test(text)) || /\b(?:TODO|FIXME)\b/.test(html);
}
