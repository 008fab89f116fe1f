import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor } from '#server/audit/audit.ts';
import type { AppContext } from '#server/http/request-context.ts';
import {
  BackupIdParamsSchema,
  EmptyBodySchema,
  RestoreCheckSchema,
  RestoreIdParamsSchema,
  RestoreRequestSchema,
  RestoreResultSchema,
  RestoreStatusSchema,
} from '#shared/admin/backups.ts';
import { invalid, notFound } from '#shared/errors/app-error.ts';
import type { RestoreService } from './restore.service.ts';

/** The upload's name as the client sent it (percent-encoded), for display only. */
function fileNameOf(header: string | string[] | undefined) {
  const raw = typeof header === 'string' ? header : 'upload';
  try {
    return decodeURIComponent(raw).slice(0, 200);
  } catch {
    return raw.slice(0, 200);
  }
}

/** Restore: check a backup of the history or an upload in a scratch database, then confirm. */
export async function registerRestoreRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  restore: RestoreService,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  api.post(
    '/api/admin/backups/:id/restore-check',
    {
      config: admin,
      schema: {
        params: BackupIdParamsSchema,
        body: EmptyBodySchema,
        response: { 200: RestoreCheckSchema },
      },
    },
    async (request) => restore.checkBackup(auditActor(request), request.params.id),
  );

  // An uploaded backup arrives as the raw body, streamed to disk (never held in memory).
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
      done(null, payload),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/backups/restore-check',
      {
        config: admin,
        schema: {
          description: 'The backup file as application/octet-stream; its name in X-File-Name.',
          consumes: ['application/octet-stream'],
          response: { 200: RestoreCheckSchema },
        },
      },
      async (request) => {
        const actor = auditActor(request);
        if (request.headers['content-type'] !== 'application/octet-stream' || !request.body) {
          throw invalid('Send the backup file as application/octet-stream');
        }
        const name = fileNameOf(request.headers['x-file-name']);
        const maxBytes = ctx.env.BACKUP_UPLOAD_MAX_MB * 1024 * 1024;
        return restore.checkUpload(actor, request.body as Readable, name, maxBytes);
      },
    );
  });

  api.post(
    '/api/admin/backups/restore',
    {
      config: admin,
      schema: { body: RestoreRequestSchema, response: { 200: RestoreResultSchema } },
    },
    async (request) =>
      restore.restore(auditActor(request), request.body.checkToken, request.body.restoreId),
  );

  // A restore's answer can be lost behind a proxy while it goes on (decision 309): the screen
  // asks here until it ends.
  api.get(
    '/api/admin/backups/restore/:restoreId',
    {
      config: admin,
      schema: { params: RestoreIdParamsSchema, response: { 200: RestoreStatusSchema } },
    },
    async (request) => {
      const status = await restore.findRestore(request.params.restoreId);
      if (!status)
        throw notFound('This restore is not known: it never began, or began over a day ago');
      return status;
    },
  );
}
