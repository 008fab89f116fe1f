import { apiRequest } from '#client/lib/http.ts';

/**
 * DELETE /api/files/:id: an upload that will not be sent (removed from the message, or refused
 * after upload) is discarded. Best effort: a file left behind is removed by the server's sweep.
 */
export function deleteFile(fileId: number): void {
  apiRequest('DELETE', `/api/files/${fileId}`).catch(() => undefined);
}
