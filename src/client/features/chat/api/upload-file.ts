import { apiRequest, readJson } from '#client/lib/http.ts';
import type { FileInfo } from '#shared/files/file-schemas.ts';

/** A 50 MB upload on a slow line, plus the PDF text extraction the server does before answering. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * POST /api/files as multipart (spec 01-core §5; 02 §9). The server decides the type by content
 * and answers 413 (too large for the plan) or 415 (not an image or PDF) as an HttpError.
 */
export async function uploadFile(file: File, signal?: AbortSignal): Promise<FileInfo> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await apiRequest('POST', '/api/files', form, {
    signal,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  const info = await readJson(response, (s) => s.FileInfoSchema);
  if (!info) throw new Error('Empty upload answer');
  return info;
}
