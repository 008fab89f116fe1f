import { formatExportDate } from './export-file-name.ts';
import { EXPORT_TEXTS, type ExportJson, type TextExportFormat } from './export-schemas.ts';

export interface ExportMessage {
  /** 'User', or the assistant's (persona) name. */
  sender: string;
  timestamp: Date;
  content: string;
  isUserMessage: boolean;
}

/** Everything an export file shows (spec 01-core §9). */
export interface ExportDocument {
  /** The display title (never empty: 'Neues Gespräch' for an untitled conversation). */
  title: string;
  exportedAt: Date;
  /** IANA zone of the human-readable dates. */
  timeZone: string;
  /** Interface language of the user, for the HTML `lang` attribute. */
  language: string;
  messages: ExportMessage[];
}

/** The export-date line of the text formats, naming the zone so the times are unambiguous. */
function exportDateText(doc: ExportDocument) {
  return `${formatExportDate(doc.exportedAt, doc.timeZone)} (${doc.timeZone})`;
}

/** Windows and old Mac line ends become \n, so every format has one kind of line end. */
const normalizeLines = (text: string) => text.replace(/\r\n?/g, '\n');

export function formatText(doc: ExportDocument): string {
  const lines = [doc.title, `${EXPORT_TEXTS.exportDate}: ${exportDateText(doc)}`, ''];
  for (const message of doc.messages) {
    lines.push(`[${formatExportDate(message.timestamp, doc.timeZone)}] ${message.sender}:`);
    lines.push(normalizeLines(message.content), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Backslash-escapes what would turn plain text into Markdown syntax within a line. */
export function escapeMarkdownInline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>#|~!]/g, '\\$&');
}

/** Titles and names are escaped; message content is Markdown already (assistant replies) and kept. */
export function formatMarkdown(doc: ExportDocument): string {
  const parts = [
    `# ${escapeMarkdownInline(doc.title)}`,
    `**${EXPORT_TEXTS.exportDate}:** ${escapeMarkdownInline(exportDateText(doc))}`,
  ];
  for (const message of doc.messages) {
    parts.push('---');
    parts.push(
      `### ${escapeMarkdownInline(message.sender)} · ${formatExportDate(message.timestamp, doc.timeZone)}`,
    );
    parts.push(normalizeLines(message.content));
  }
  return `${parts.join('\n\n').trimEnd()}\n`;
}

/** Machine-readable: ISO 8601 UTC instants instead of zoned display dates. */
export function formatJson(doc: ExportDocument): string {
  const json: ExportJson = {
    title: doc.title,
    exportedAt: doc.exportedAt.toISOString(),
    messages: doc.messages.map((message) => ({
      sender: message.sender,
      timestamp: message.timestamp.toISOString(),
      content: normalizeLines(message.content),
      isUserMessage: message.isUserMessage,
    })),
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as inert HTML text, safe in element content and in quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const HTML_STYLE = `
  body { font-family: system-ui, -apple-system, 'Segoe UI', 'Noto Sans', sans-serif; max-width: 48rem;
    margin: 2rem auto; padding: 0 1rem; color: #1f2937; line-height: 1.5; }
  h1 { font-size: 1.5rem; margin-bottom: 0.25rem; }
  .export-date { color: #6b7280; margin-top: 0; }
  article { border-top: 1px solid #e5e7eb; padding: 0.75rem 0; }
  article header { display: flex; gap: 0.75rem; align-items: baseline; }
  article header time { color: #6b7280; font-size: 0.875rem; }
  .assistant .sender { color: #7c3aed; }
  .content { white-space: pre-wrap; overflow-wrap: anywhere; margin-top: 0.25rem; }
`;

/**
 * A complete standalone page. Every piece of user or model text goes through escapeHtml and
 * the page forbids scripts, frames and remote loads by its own Content-Security-Policy, so a
 * `<script>` in a message is shown as text, never run.
 */
export function formatHtml(doc: ExportDocument): string {
  const articles = doc.messages.map((message) => {
    const role = message.isUserMessage ? 'user' : 'assistant';
    return [
      `<article class="message ${role}">`,
      `<header><strong class="sender">${escapeHtml(message.sender)}</strong>`,
      `<time datetime="${message.timestamp.toISOString()}">${escapeHtml(formatExportDate(message.timestamp, doc.timeZone))}</time></header>`,
      `<div class="content">${escapeHtml(normalizeLines(message.content))}</div>`,
      `</article>`,
    ].join('\n');
  });
  return `<!DOCTYPE html>
<html lang="${escapeHtml(doc.language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.title)}</title>
<style>${HTML_STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(doc.title)}</h1>
<p class="export-date">${EXPORT_TEXTS.exportDate}: <time datetime="${doc.exportedAt.toISOString()}">${escapeHtml(exportDateText(doc))}</time></p>
</header>
<main>
${articles.join('\n')}
</main>
</body>
</html>
`;
}

const FORMATTERS: Record<TextExportFormat, (doc: ExportDocument) => string> = {
  txt: formatText,
  md: formatMarkdown,
  json: formatJson,
  html: formatHtml,
};

export function formatExport(doc: ExportDocument, format: TextExportFormat): string {
  return FORMATTERS[format](doc);
}
