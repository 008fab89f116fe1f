import { readFile, stat } from 'node:fs/promises';
import type { Attachments, ChatAttachment } from '#server/ports/attachments.ts';
import { AppError, conflict, notFound } from '#shared/errors/app-error.ts';
import { isImageType } from '#shared/files/file-types.ts';
import {
  deleteUnlinkedFiles,
  findOwnFiles,
  findPageTexts,
  linkChatFiles,
  type FileRow,
} from './files.queries.ts';
import type { FilesContext } from './files.service.ts';
import { removeStoredFile, resolveStoragePath } from './files.storage.ts';
import { chunkPages, PDF_CHUNK_POLICY, type PageText } from './pdf-chunks.ts';

const PAGE_BATCH = 20;

/**
 * An attachment the model cannot use is refused before anything is linked
 * (docs/decisions/021-unreadable-pdf-attachments.md).
 */
function requireUsable(file: FileRow) {
  if (file.status === 'failed') {
    const reason = file.processingError ?? 'The file could not be processed.';
    throw new AppError('VALIDATION_ERROR', 422, `${file.originalFilename}: ${reason}`, {
      fileId: file.id,
    });
  }
  if (file.status !== 'ready') {
    throw conflict(`${file.originalFilename} is still being processed. Please try again shortly.`, {
      fileId: file.id,
    });
  }
}

/** Reads pages in order only until there is enough text for the chunks wanted. */
async function readPdfChunks(
  ctx: FilesContext,
  fileId: number,
  chunks: number,
  chunkChars: number,
) {
  const pages: PageText[] = [];
  // Page markers and paragraph breaks take a little room; one extra chunk's worth covers them.
  const wanted = (chunks + 1) * chunkChars;
  let collected = 0;
  let afterPage = 0;
  while (collected < wanted) {
    const batch = await findPageTexts(ctx.db, fileId, afterPage, PAGE_BATCH);
    for (const page of batch) {
      pages.push({ pageNumber: page.pageNumber ?? 0, text: page.text });
      collected += page.text.length;
    }
    if (batch.length < PAGE_BATCH) break;
    afterPage = batch.at(-1)!.pageNumber ?? 0;
  }
  return chunkPages(pages, chunkChars, chunks);
}

/**
 * An image's bytes are read only when the reply is written; a turn that must check before it
 * writes (an edit replaces messages) learns here that they are gone, as readForChat would say.
 */
async function requireStoredBytes(ctx: FilesContext, file: FileRow) {
  if (!isImageType(file.fileType)) return;
  const found = await stat(resolveStoragePath(ctx.env.DATA_DIR, file.storagePath)).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    },
  );
  if (!found?.isFile()) throw notFound('File not found');
}

async function readAttachment(
  ctx: FilesContext,
  file: FileRow,
  policy: { chunks: number; chunkChars: number },
): Promise<ChatAttachment> {
  const base = { fileId: file.id, name: file.originalFilename, mediaType: file.fileType };
  if (isImageType(file.fileType)) {
    const path = resolveStoragePath(ctx.env.DATA_DIR, file.storagePath);
    const data = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw notFound('File not found');
      throw error;
    });
    return {
      ...base,
      kind: 'image',
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    };
  }
  const textChunks = await readPdfChunks(ctx, file.id, policy.chunks, policy.chunkChars);
  return { ...base, kind: 'pdf', textChunks };
}

/**
 * The files feature's side of the attachment port (src/server/ports/attachments.ts): images as
 * bytes for vision models, PDFs as text chunks by tier (spec 02 §9), each file linked to the
 * conversation and message in chat_files, and deleted once no conversation links it.
 */
export function createAttachments(ctx: FilesContext): Attachments {
  /** The user's files in the order asked, each once; refused as a whole if one cannot be used. */
  const requireChatFiles = async (userId: number, ids: number[]) => {
    const rows = await findOwnFiles(ctx.db, userId, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const files = ids.map((id) => {
      const file = byId.get(id);
      if (!file) throw notFound('File not found');
      return file;
    });
    files.forEach(requireUsable);
    return files;
  };
  return {
    async checkForChat({ userId, fileIds }) {
      if (fileIds.length === 0) return;
      const files = await requireChatFiles(userId, [...new Set(fileIds)]);
      await Promise.all(files.map((file) => requireStoredBytes(ctx, file)));
    },
    async readForChat({ userId, tier, fileIds, conversationId, messageId }) {
      const ids = [...new Set(fileIds)];
      if (ids.length === 0) return [];
      const files = await requireChatFiles(userId, ids);
      const policy = PDF_CHUNK_POLICY[tier] ?? PDF_CHUNK_POLICY.free;
      const attachments = await Promise.all(files.map((file) => readAttachment(ctx, file, policy)));
      await linkChatFiles(
        ctx.db,
        ids.map((fileId) => ({ conversationId, fileId, messageId })),
      );
      return attachments;
    },
    async discardUnlinked({ userId, fileIds }) {
      if (fileIds.length === 0) return;
      const removed = await deleteUnlinkedFiles(ctx.db, userId, fileIds);
      for (const { storagePath } of removed) {
        await removeStoredFile(resolveStoragePath(ctx.env.DATA_DIR, storagePath));
      }
    },
  };
}
