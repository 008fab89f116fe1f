import { apiRequest } from '#client/lib/http.ts';
import type { ExportFormat } from '#shared/export/export-schemas.ts';

export type ChatExportFormat = ExportFormat;

/** The file name of a Content-Disposition header: the UTF-8 `filename*` first, then `filename`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Malformed escapes: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/**
 * Downloads GET /api/conversations/:id/export (spec 01-core §9: title, export date, messages;
 * dates in the browser's zone) through the shared request helper, so failures can be shown.
 */
export async function downloadExport(conversationId: string, format: ChatExportFormat) {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const path = `/api/conversations/${encodeURIComponent(conversationId)}/export?format=${format}&tz=${encodeURIComponent(tz)}`;
  const response = await apiRequest('GET', path, undefined, { accept: '*/*' });
  const blob = await response.blob();
  const name =
    fileNameFromDisposition(response.headers.get('content-disposition')) ?? `chat.${format}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
