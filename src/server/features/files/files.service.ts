import type { Readable } from 'node:stream';
import type { AppContext } from '#server/http/request-context.ts';
import { AppError, notFound } from '#shared/errors/app-error.ts';
import { FILE_MESSAGES, storageFullMessage, uploadLimitFor } from '#shared/files/file-limits.ts';
import type { FileInfo, FileStatus } from '#shared/files/file-schemas.ts';
import { storageQuotaFor } from '#shared/plans/tiers.ts';
import { sanitizeFileName } from './file-names.ts';
import {
  deleteOwnFile,
  findOwnFile,
  insertFile,
  insertPageTexts,
  lockUserForUpload,
  setFileStatus,
  sumFileBytes,
  type FileRow,
} from './files.queries.ts';
import {
  openStoredFile,
  removeStoredFile,
  resolveStoragePath,
  storeUpload,
} from './files.storage.ts';
import {
  MAX_PENDING_PDFS_PER_USER,
  PdfTextError,
  reservePdfText,
  type PdfTextTurn,
} from './pdf-text.ts';

export type FilesContext = Pick<AppContext, 'db' | 'env'>;

/** The user's PDFs still being read fill their place in the line (decision 319). */
const tooManyPdfs = () =>
  new AppError(
    'RATE_LIMIT_ERROR',
    429,
    `You are already uploading ${MAX_PENDING_PDFS_PER_USER} PDFs. Please wait until they have been read, then try again.`,
    { maxPendingPdfs: MAX_PENDING_PDFS_PER_USER },
  );

export function toFileInfo(row: FileRow): FileInfo {
  return {
    id: row.id,
    name: row.originalFilename,
    size: row.fileSize,
    type: row.fileType,
    status: row.status as FileStatus,
    processingError: row.processingError,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores an upload (type by content, size by tier: spec 01-core §5, 02 §9) and, for a PDF,
 * extracts its text per page before answering, so the status returned is final: ready, or
 * failed with the reason (docs/decisions/021-unreadable-pdf-attachments.md). `requireEnd` reads
 * what follows the file in the request; if it throws, nothing of the upload is kept.
 */
export async function uploadFile(
  ctx: FilesContext,
  userId: number,
  tier: string,
  upload: { stream: Readable; name: string | undefined; requireEnd?: () => Promise<void> },
): Promise<FileInfo> {
  const limit = uploadLimitFor(tier);
  const quota = storageQuotaFor(tier);
  const storageFull = (usedBytes: number) =>
    new AppError('QUOTA_EXCEEDED_ERROR', 413, storageFullMessage(quota), {
      usedBytes,
      quotaBytes: quota,
    });
  // Checked before reading (no room: nothing is read) and while reading (past the room left,
  // reading stops), then once more, counted one upload at a time, when the row is written.
  const used = await sumFileBytes(ctx.db, userId);
  const room = quota - used;
  if (room <= 0) throw storageFull(used);
  const stored = await storeUpload(upload.stream, ctx.env.DATA_DIR, {
    maxBytes: Math.min(limit.maxBytes, room),
    tooLarge: () =>
      room < limit.maxBytes
        ? storageFull(used)
        : new AppError('VALIDATION_ERROR', 413, limit.message),
    invalidType: () => new AppError('VALIDATION_ERROR', 415, FILE_MESSAGES.invalidType),
  });
  const absolutePath = resolveStoragePath(ctx.env.DATA_DIR, stored.storagePath);
  // A place in the extraction line is held before the row is written: a refused PDF leaves none.
  let turn: PdfTextTurn | null = null;
  if (stored.type === 'application/pdf') {
    turn = reservePdfText(userId);
    if (!turn) {
      await removeStoredFile(absolutePath);
      throw tooManyPdfs();
    }
  }
  let row: FileRow;
  try {
    await upload.requireEnd?.();
    row = await ctx.db.transaction(async (tx) => {
      await lockUserForUpload(tx, userId);
      const usedNow = await sumFileBytes(tx, userId);
      if (usedNow + stored.size > quota) throw storageFull(usedNow);
      return insertFile(tx, {
        userId,
        filename: stored.filename,
        originalFilename: sanitizeFileName(upload.name),
        fileSize: stored.size,
        fileType: stored.type,
        storagePath: stored.storagePath,
        status: turn ? 'processing' : 'ready',
      });
    });
  } catch (error) {
    turn?.release();
    await removeStoredFile(absolutePath);
    throw error;
  }
  if (turn) row = await extractText(ctx, row, turn, absolutePath);
  return toFileInfo(row);
}

async function extractText(
  ctx: FilesContext,
  row: FileRow,
  turn: PdfTextTurn,
  absolutePath: string,
) {
  let pages;
  try {
    pages = await turn.extract(absolutePath);
  } catch (error) {
    if (!(error instanceof PdfTextError)) throw error;
    return (await setFileStatus(ctx.db, row.id, 'failed', error.message)) ?? row;
  }
  return ctx.db.transaction(async (tx) => {
    await insertPageTexts(tx, row.id, pages);
    return (await setFileStatus(tx, row.id, 'ready')) ?? row;
  });
}

/** Another user's file is indistinguishable from a missing one. */
export async function requireOwnFile(ctx: FilesContext, userId: number, id: number) {
  const row = await findOwnFile(ctx.db, userId, id);
  if (!row) throw notFound('File not found');
  return row;
}

export async function getFileInfo(ctx: FilesContext, userId: number, id: number) {
  return toFileInfo(await requireOwnFile(ctx, userId, id));
}

/** The file row, an open handle on its bytes and their size on disk. */
export async function openFileContent(ctx: FilesContext, userId: number, id: number) {
  const row = await requireOwnFile(ctx, userId, id);
  const handle = await openStoredFile(resolveStoragePath(ctx.env.DATA_DIR, row.storagePath));
  if (!handle) throw notFound('File not found');
  try {
    const { size } = await handle.stat();
    return { row, handle, size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Removes the row (its extracted text and chat links cascade) and the bytes on disk. */
export async function deleteFile(ctx: FilesContext, userId: number, id: number) {
  const row = await deleteOwnFile(ctx.db, userId, id);
  if (!row) throw notFound('File not found');
  await removeStoredFile(resolveStoragePath(ctx.env.DATA_DIR, row.storagePath));
}
