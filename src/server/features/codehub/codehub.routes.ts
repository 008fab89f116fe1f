import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import {
  CodeFileListSchema,
  CodeFileSchema,
  CodeProjectSchema,
  CreateFileSchema,
  CreateProjectSchema,
  FileParamsSchema,
  ProjectListQuerySchema,
  ProjectPageSchema,
  ProjectParamsSchema,
  UpdateFileSchema,
  UpdateProjectSchema,
} from '#shared/codehub/codehub-schemas.ts';
import * as files from './codehub-files.service.ts';
import * as codehub from './codehub.service.ts';

/** Code hub projects and their files (spec 02 §2 /codehub, §3; issue 13 item 1). */
export function registerCodehubRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: 'user' } as const;

  api.get(
    '/api/codehub/projects',
    {
      config: access,
      schema: { querystring: ProjectListQuerySchema, response: { 200: ProjectPageSchema } },
    },
    async (request) => codehub.listProjects(ctx.db, requireUser(request).id, request.query),
  );

  api.post(
    '/api/codehub/projects',
    {
      config: access,
      schema: { body: CreateProjectSchema, response: { 201: CodeProjectSchema } },
    },
    async (request, reply) => {
      const project = await codehub.createProject(ctx.db, requireUser(request).id, request.body);
      return reply.status(201).send(project);
    },
  );

  api.get(
    '/api/codehub/projects/:projectId',
    {
      config: access,
      schema: { params: ProjectParamsSchema, response: { 200: CodeProjectSchema } },
    },
    async (request) =>
      codehub.getProject(ctx.db, requireUser(request).id, request.params.projectId, {
        countView: true,
      }),
  );

  api.patch(
    '/api/codehub/projects/:projectId',
    {
      config: access,
      schema: {
        params: ProjectParamsSchema,
        body: UpdateProjectSchema,
        response: { 200: CodeProjectSchema },
      },
    },
    async (request) =>
      codehub.updateProject(
        ctx.db,
        requireUser(request).id,
        request.params.projectId,
        request.body,
      ),
  );

  api.delete(
    '/api/codehub/projects/:projectId',
    {
      config: access,
      schema: { params: ProjectParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await codehub.deleteProject(ctx.db, requireUser(request).id, request.params.projectId);
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/codehub/projects/:projectId/files',
    {
      config: access,
      schema: { params: ProjectParamsSchema, response: { 200: CodeFileListSchema } },
    },
    async (request) => files.listFiles(ctx.db, requireUser(request).id, request.params.projectId),
  );

  api.post(
    '/api/codehub/projects/:projectId/files',
    {
      config: access,
      schema: {
        params: ProjectParamsSchema,
        body: CreateFileSchema,
        response: { 201: CodeFileSchema },
      },
    },
    async (request, reply) => {
      const file = await files.createFile(
        ctx.db,
        ctx.pubsub,
        requireUser(request).id,
        request.params.projectId,
        request.body,
      );
      return reply.status(201).send(file);
    },
  );

  api.patch(
    '/api/codehub/projects/:projectId/files/:fileId',
    {
      config: access,
      schema: {
        params: FileParamsSchema,
        body: UpdateFileSchema,
        response: { 200: CodeFileSchema },
      },
    },
    async (request) =>
      files.updateFile(
        ctx.db,
        ctx.pubsub,
        requireUser(request).id,
        request.params.projectId,
        request.params.fileId,
        request.body,
      ),
  );

  api.delete(
    '/api/codehub/projects/:projectId/files/:fileId',
    {
      config: access,
      schema: { params: FileParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await files.deleteFile(
        ctx.db,
        ctx.pubsub,
        requireUser(request).id,
        request.params.projectId,
        request.params.fileId,
      );
      return reply.status(204).send();
    },
  );
}
