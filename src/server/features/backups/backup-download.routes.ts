import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor, withAudit } from '#server/audit/audit.ts';
import { requireAdmin } from '#server/http/access.ts';
import { contentDisposition } from '#server/http/content-disposition.ts';
import type { AppContext } from '#server/http/request-context.ts';
import {
  BackupDownloadLinkSchema,
  BackupDownloadQuerySchema,
  BackupIdParamsSchema,
  EmptyBodySchema,
} from '#shared/admin/backups.ts';
import { BinaryBodySchema } from '#shared/api/api-schemas.ts';
import { conflict, forbidden, notFound } from '#shared/errors/app-error.ts';
import type { BackupFiles } from './backup-files.ts';
import { findHistory } from './backups.queries.ts';
import { createSignedToken, readSignedToken } from './signed-token.ts';

/** A download link lives this long (decision 152). */
export const DOWNLOAD_LINK_MINUTES = 5;
const DOWNLOAD_PURPOSE = 'backup-download';

/** A backup leaves the server only through a five-minute link signed for one administrator. */
export function registerBackupDownloadRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { files, clock }: { files: BackupFiles; clock: () => Date },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  api.post(
    '/api/admin/backups/:id/download-link',
    {
      config: admin,
      schema: {
        params: BackupIdParamsSchema,
        body: EmptyBodySchema,
        response: { 200: BackupDownloadLinkSchema },
      },
    },
    async (request) => {
      const actor = auditActor(request);
      const { id } = request.params;
      const row = await findHistory(ctx.db, id);
      if (!row) throw notFound('Backup not found');
      if (row.status !== 'verified' || row.fileDeletedAt) {
        throw conflict('This backup has no file to download');
      }
      const expiresAt = new Date(clock().getTime() + DOWNLOAD_LINK_MINUTES * 60_000);
      // Handing out a copy of all data is recorded like a change.
      await withAudit(ctx.db, actor, 'backups.download', { type: 'backup', id }, async () => {});
      const token = createSignedToken(
        ctx.secret,
        DOWNLOAD_PURPOSE,
        { id, userId: actor.userId },
        expiresAt,
      );
      return {
        url: `/api/admin/backups/${id}/download?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

  api.get(
    '/api/admin/backups/:id/download',
    {
      config: admin,
      schema: {
        params: BackupIdParamsSchema,
        querystring: BackupDownloadQuerySchema,
        response: {
          200: {
            description: 'The backup file',
            content: { 'application/octet-stream': { schema: BinaryBodySchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = requireAdmin(request);
      const claims = readSignedToken(ctx.secret, DOWNLOAD_PURPOSE, request.query.token, clock());
      if (!claims || claims.id !== request.params.id || claims.userId !== user.id) {
        throw forbidden('This download link is not valid or has expired');
      }
      const row = await findHistory(ctx.db, request.params.id);
      if (!row || row.fileDeletedAt) throw notFound('Backup not found');
      const file = files.pathOf(row.filename);
      const size = await files.sizeOf(file).catch(() => null);
      if (size === null) throw notFound('Backup not found');
      return reply
        .type('application/octet-stream')
        .header('content-length', size)
        .header('content-disposition', contentDisposition('attachment', row.filename))
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  );
}
