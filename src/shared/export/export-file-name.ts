import { EXPORT_TEXTS, type ExportFormat } from './export-schemas.ts';

/** Longest title part of a file name, in characters; the date stamp comes on top. */
const TITLE_PART_MAX = 80;

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateParts(date: Date, timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/**
 * 'yyyy-MM-dd HH:mm:ss' in the given zone. ISO 8601 order rather than a German or US date:
 * an export is read in every interface language and sorts correctly.
 */
export function formatExportDate(date: Date, timeZone: string): string {
  const p = dateParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** 'yyyyMMdd_HHmmss' in the given zone (spec 01-core §9). */
export function fileNameStamp(date: Date, timeZone: string): string {
  const p = dateParts(date, timeZone);
  return `${p.year}${p.month}${p.day}_${p.hour}${p.minute}${p.second}`;
}

/** The title shown for a conversation: its own, or 'Neues Gespräch' when empty (spec 01-core §3). */
export function displayTitle(title: string | null | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? trimmed : EXPORT_TEXTS.untitled;
}

/**
 * Spec 01-core §9: the title stripped of special characters, spaces turned to underscores, plus
 * `_yyyyMMdd_HHmmss` and the format's extension. Letters of every script count as letters, not
 * special characters, so 'Größe' and '北京' stay as they are (docs/decisions/010-export.md);
 * what goes is punctuation, symbols, emoji and control characters: everything a file system or
 * a shell may treat specially.
 */
export function exportFileName(
  title: string | null | undefined,
  exportedAt: Date,
  format: ExportFormat,
  timeZone: string,
): string {
  const cleaned = displayTitle(title)
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s+/g, '_')
    .replace(/_{2,}/g, '_')
    // A leading '-' reads as an option to command-line tools.
    .replace(/^[-_]+|[-_]+$/g, '');
  const titlePart =
    Array.from(cleaned).slice(0, TITLE_PART_MAX).join('') ||
    EXPORT_TEXTS.untitled.replace(' ', '_');
  return `${titlePart}_${fileNameStamp(exportedAt, timeZone)}.${format}`;
}
