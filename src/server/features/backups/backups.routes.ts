import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/audit/audit.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import type { MaintenanceHold } from '#server/http/maintenance.ts';
import type { AppContext } from '#server/http/request-context.ts';
import {
  BackupConfigInputSchema,
  BackupConfigPageSchema,
  BackupConfigSchema,
  BackupHistoryItemSchema,
  BackupHistoryPageSchema,
  BackupHistoryQuerySchema,
  EmptyBodySchema,
} from '#shared/admin/backups.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import { PageQuerySchema } from '#shared/api/pagination.ts';
import { registerBackupDownloadRoutes } from './backup-download.routes.ts';
import { createBackupFiles } from './backup-files.ts';
import { defineBackupJobs } from './backup-jobs.ts';
import { createPgBackupEngine } from './pg-backup-engine.ts';
import { createPgliteBackupEngine } from './pglite-backup-engine.ts';
import { listConfigs, listHistory } from './backups.queries.ts';
import { toBackupConfig, toBackupHistoryItem } from './backups.mappers.ts';
import { createBackupService, type BackupService } from './backups.service.ts';
import { createRestoreService } from './restore.service.ts';
import { registerRestoreRoutes } from './restore.routes.ts';
import { createRestoreStates } from './restore-states.ts';

const CursorKeySchema = z.number().int().positive();
const ConfigParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

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
    states: createRestoreStates(ctx.redis),
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

  registerBackupDownloadRoutes(app, ctx, { files, clock });
  await registerRestoreRoutes(app, ctx, restore);
}
