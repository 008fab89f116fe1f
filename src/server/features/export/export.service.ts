import { requireOwnConversation } from '#server/ports/ownership.ts';
import type { Executor } from '#server/db/client.ts';
import { AppError, invalid } from '#shared/errors/app-error.ts';
import { displayTitle, exportFileName } from '#shared/export/export-file-name.ts';
import { formatExport, type ExportDocument } from '#shared/export/export-format.ts';
import {
  EXPORT_CONTENT_TYPES,
  EXPORT_TEXTS,
  type ExportQuery,
} from '#shared/export/export-schemas.ts';
import { SETTINGS_DEFAULTS } from '#shared/settings/settings-schemas.ts';
import {
  findFallbackPersona,
  findUserSettings,
  findVisiblePersona,
  listConversationMessages,
  type PersonaNames,
} from './export.queries.ts';
import type { PdfRenderer } from './pdf-thread.ts';

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string | Buffer;
}

const NAME_FIELDS: Record<string, keyof PersonaNames> = {
  de: 'nameDe',
  zh: 'nameZh',
  mk: 'nameMk',
  sq: 'nameSq',
  ko: 'nameKo',
};

/** The persona's name in the user's language; the base (English) name when not translated. */
function localizedName(persona: PersonaNames, language: string) {
  const field = NAME_FIELDS[language];
  return (field && persona[field]?.trim()) || persona.name;
}

/**
 * The sender name of assistant messages: the active persona as the chat shows it (spec 01-core
 * §4): the conversation's persona, else the user's default persona, else the built-in default
 * one; 'Assistant' only if there is no persona at all.
 */
async function assistantName(
  db: Executor,
  userId: number,
  personaIds: (number | null | undefined)[],
  language: string,
) {
  for (const id of personaIds) {
    if (id === null || id === undefined) continue;
    const persona = await findVisiblePersona(db, userId, id);
    if (persona) return localizedName(persona, language);
  }
  const fallback = await findFallbackPersona(db);
  return fallback ? localizedName(fallback, language) : EXPORT_TEXTS.assistantSender;
}

/** Gathers what the export shows; 404 for a foreign or unknown conversation, 400 when empty. */
export async function buildExportDocument(
  db: Executor,
  userId: number,
  conversationId: string,
  timeZone: string,
  exportedAt = new Date(),
): Promise<ExportDocument> {
  const conversation = await requireOwnConversation(db, userId, conversationId);
  const rows = await listConversationMessages(db, userId, conversationId);
  if (rows.length === 0) throw invalid(EXPORT_TEXTS.noMessages);

  const userSettings = await findUserSettings(db, userId);
  const language = userSettings?.language ?? SETTINGS_DEFAULTS.language;
  const assistant = await assistantName(
    db,
    userId,
    [conversation.personaId, userSettings?.defaultPersona],
    language,
  );
  return {
    title: displayTitle(conversation.title),
    exportedAt,
    timeZone,
    language,
    messages: rows.map((row) => ({
      sender: row.isUserMessage ? EXPORT_TEXTS.userSender : assistant,
      timestamp: row.timestamp,
      content: row.content,
      isUserMessage: row.isUserMessage,
    })),
  };
}

/** One conversation as a download in the asked format (spec 01-core §9, issue #3 item 7). */
export async function exportConversation(
  db: Executor,
  pdf: PdfRenderer,
  userId: number,
  conversationId: string,
  { format, tz }: ExportQuery,
): Promise<ExportFile> {
  const doc = await buildExportDocument(db, userId, conversationId, tz);
  const fileName = exportFileName(doc.title, doc.exportedAt, format, tz);
  const contentType = EXPORT_CONTENT_TYPES[format];
  if (format !== 'pdf') return { fileName, contentType, body: formatExport(doc, format) };
  try {
    return { fileName, contentType, body: await pdf.render(doc) };
  } catch {
    // The spec's PDF failure text (01-core §8 "Other").
    throw new AppError('SERVER_ERROR', 500, 'Failed to create PDF');
  }
}
