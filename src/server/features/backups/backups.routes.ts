import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor, withAudit } from '#server/audit/audit.ts';
import { requireAdmin } from '#server/http/access.ts';
import { contentDisposition } from '#server/http/content-disposition.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import type { MaintenanceHold } from '#server/http/maintenance.ts';
import type { AppContext } from '#server/http/request-context.ts';
import {
  BackupConfigInputSchema,
  BackupConfigPageSchema,
  BackupConfigSchema,
  BackupDownloadLinkSchema,
  BackupDownloadQuerySchema,
  BackupHistoryItemSchema,
  BackupHistoryPageSchema,
  BackupHistoryQuerySchema,
  BackupIdParamsSchema,
  RestoreCheckSchema,
  RestoreRequestSchema,
  RestoreResultSchema,
} from '#shared/admin/backups.ts';
import { BinaryBodySchema, NoContentSchema } from '#shared/api/api-schemas.ts';
import { PageQuerySchema } from '#shared/api/pagination.ts';
import { conflict, forbidden, invalid, notFound } from '#shared/errors/app-error.ts';
import { createBackupFiles } from './backup-files.ts';
import { defineBackupJobs } from './backup-jobs.ts';
import { createPgBackupEngine } from './pg-backup-engine.ts';
import { createPgliteBackupEngine } from './pglite-backup-engine.ts';
import { findHistory, listConfigs, listHistory } from './backups.queries.ts';
import { toBackupConfig, toBackupHistoryItem } from './backups.mappers.ts';
import { createBackupService, type BackupService } from './backups.service.ts';
import { createRestoreService } from './restore.service.ts';
import { createSignedToken, readSignedToken } from './signed-token.ts';

/** A download link lives this long (decision 152). */
export const DOWNLOAD_LINK_MINUTES = 5;
const DOWNLOAD_PURPOSE = 'backup-download';
const CursorKeySchema = z.number().int().positive();
const ConfigParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const EmptyBodySchema = z.object({}).strict().optional();

/** The upload's name as the client sent it (percent-encoded), for display only. */
function fileNameOf(header: string | string[] | undefined) {
  const raw = typeof header === 'string' ? header : 'upload';
  try {
    return decodeURIComponent(raw).slice(0, 200);
  } catch {
    return raw.slice(0, 200);
  }
}

export interface BackupRouteOptions {
  maintenance: MaintenanceHold;
  clock: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The backup scheduler's pass, for tests that drive it with their clock. */
    backups: Pick<BackupService, 'tick'>;
  }
}

/** Backups and restore: /admin/database (issue 12 "database", decisions 150–152). */
export async function registerBackupRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: BackupRouteOptions,
) {
  const { clock } = options;
  const engine =
    ctx.database.kind === 'postgres'
      ? createPgBackupEngine(ctx.database)
      : createPgliteBackupEngine(ctx.database);
  const files = createBackupFiles(ctx.env);
  const service = createBackupService({
    database: ctx.database,
    jobs: app.jobs,
    engine,
    files,
    log: app.log,
    clock,
  });
  const restore = createRestoreService({
    database: ctx.database,
    engine,
    files,
    appSettings: ctx.appSettings,
    maintenance: options.maintenance,
    secret: ctx.secret,
    clock,
    log: app.log,
  });
  defineBackupJobs(app.jobs, service);
  app.decorate('backups', { tick: service.tick });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;

  // ------------------------------------------------------------ configurations
  api.get(
    '/api/admin/backups/configs',
    {
      config: admin,
      schema: { querystring: PageQuerySchema, response: { 200: BackupConfigPageSchema } },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      const afterId = cursor ? decodeCursor(cursor, CursorKeySchema) : null;
      const rows = await listConfigs(ctx.db, limit, afterId);
      return toPage(rows, limit, toBackupConfig, (row) => row.id);
    },
  );

  api.post(
    '/api/admin/backups/configs',
    {
      config: admin,
      schema: { body: BackupConfigInputSchema, response: { 201: BackupConfigSchema } },
    },
    async (request, reply) => {
      const created = await service.createConfig(auditActor(request), request.body);
      return reply.status(201).send(toBackupConfig(created));
    },
  );

  api.put(
    '/api/admin/backups/configs/:id',
    {
      config: admin,
      schema: {
        params: ConfigParamsSchema,
        body: BackupConfigInputSchema,
        response: { 200: BackupConfigSchema },
      },
    },
    async (request) =>
      toBackupConfig(
        await service.replaceConfig(auditActor(request), request.params.id, request.body),
      ),
  );

  api.delete(
    '/api/admin/backups/configs/:id',
    {
      config: admin,
      schema: { params: ConfigParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await service.removeConfig(auditActor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // ------------------------------------------------------------ history and 'back up now'
  api.get(
    '/api/admin/backups',
    {
      config: admin,
      schema: { querystring: BackupHistoryQuerySchema, response: { 200: BackupHistoryPageSchema } },
    },
    async (request) => {
      const { query } = request;
      const afterId = query.cursor ? decodeCursor(query.cursor, CursorKeySchema) : null;
      const rows = await listHistory(ctx.db, query, afterId);
      return toPage(rows, query.limit, toBackupHistoryItem, (row) => row.id);
    },
  );

  api.post(
    '/api/admin/backups',
    {
      config: admin,
      schema: { body: EmptyBodySchema, response: { 202: BackupHistoryItemSchema } },
    },
    async (request, reply) => {
      const row = await service.backUpNow(auditActor(request));
      return reply.status(202).send(toBackupHistoryItem(row));
    },
  );

  // ------------------------------------------------------------ download through a signed link
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

  // ------------------------------------------------------------ restore: check, then confirm
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
    async (request) => restore.restore(auditActor(request), request.body.checkToken),
  );
}
