import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import { contentDisposition } from '#server/http/content-disposition.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { BinaryBodySchema, NoContentSchema } from '#shared/api/api-schemas.ts';
import { AppError, invalid } from '#shared/errors/app-error.ts';
import { FILE_MESSAGES, MAX_FILE_BYTES_ULTIMATE } from '#shared/files/file-limits.ts';
import {
  FileContentQuerySchema,
  FileInfoSchema,
  FileParamsSchema,
} from '#shared/files/file-schemas.ts';
import { ACCEPTED_FILE_TYPES, isImageType } from '#shared/files/file-types.ts';
import { accessTier } from '#shared/plans/tiers.ts';
import { defineFileJobs } from './file-jobs.ts';
import { downloadName } from './file-names.ts';
import { deleteFile, getFileInfo, openFileContent, uploadFile } from './files.service.ts';

/**
 * The multipart parser's own failures (no boundary, a body that ends mid-part) are plain Errors
 * without a status: the client's malformed body, not a server fault. Its limit errors carry one.
 */
function malformedBody(error: unknown) {
  if (error instanceof AppError || !(error instanceof Error) || 'statusCode' in error) return error;
  return invalid('Malformed multipart body');
}

/**
 * The next file part of the body; text fields on the way are accepted and ignored. Read with
 * next(), not for-await, which would close the parts at the first file.
 */
async function nextFile(parts: AsyncIterableIterator<Multipart>) {
  for (;;) {
    const next = await parts.next();
    if (next.done) return undefined;
    if (next.value.type === 'file') return next.value;
  }
}

/** An upload is an image or a PDF (spec 01-core §5), sent with the type detected at upload. */
const FILE_CONTENT_RESPONSE = {
  description: 'The file, inline for an image (unless download is asked for), else an attachment',
  content: Object.fromEntries(
    ACCEPTED_FILE_TYPES.map((type) => [type, { schema: BinaryBodySchema }]),
  ),
};

/** A served file may not run or load anything, even if a browser were to render it as a page. */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Attachments (spec 01-core §5, 02 §3 user_files, §9): private to their owner. */
export async function registerFileRoutes(app: FastifyInstance, ctx: AppContext) {
  defineFileJobs(app.jobs, ctx, app.log);
  // The multipart parser is scoped to the upload route; everywhere else stays JSON-only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: MAX_FILE_BYTES_ULTIMATE + 1,
        files: 1,
        fields: 5,
        fieldSize: 1024,
        parts: 10,
        headerPairs: 50,
      },
    });

    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/files',
      {
        config: { access: 'user' },
        schema: {
          description: 'multipart/form-data with one file part (any field name).',
          consumes: ['multipart/form-data'],
          response: { 201: FileInfoSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!request.isMultipart()) throw invalid('Send the file as multipart/form-data');
        // Administrators count as Ultimate (docs/decisions/007-access-tier.md).
        const tier = accessTier(user);
        const parts = request.parts();
        const part = await nextFile(parts).catch((error: unknown) => {
          throw malformedBody(error);
        });
        if (!part) throw invalid(FILE_MESSAGES.noFile);
        // A second file is refused, not dropped: the parser stops at the first one (limits.files)
        // and reports the next as FilesLimitError once the first has been read.
        const requireEnd = async () => {
          const next = await nextFile(parts).catch((error: unknown) => {
            if (error instanceof scope.multipartErrors.FilesLimitError) return true;
            throw malformedBody(error);
          });
          if (next) throw invalid(FILE_MESSAGES.oneFile);
        };
        try {
          const file = await uploadFile(ctx, user.id, tier, {
            stream: part.file,
            name: part.filename,
            requireEnd,
          });
          return reply.status(201).send(file);
        } catch (error) {
          // Refused mid-upload: the rest of the body is never read, so the connection must end.
          if (!part.file.readableEnded) void reply.header('connection', 'close');
          // The body itself failed (cut off, malformed) while the file was being read.
          throw error === part.file.errored ? malformedBody(error) : error;
        }
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/files/:id',
    {
      config: { access: 'user' },
      schema: { params: FileParamsSchema, response: { 200: FileInfoSchema } },
    },
    async (request) => getFileInfo(ctx, requireUser(request).id, request.params.id),
  );

  api.get(
    '/api/files/:id/content',
    {
      config: { access: 'user' },
      schema: {
        params: FileParamsSchema,
        querystring: FileContentQuerySchema,
        response: { 200: FILE_CONTENT_RESPONSE },
      },
    },
    async (request, reply) => {
      const { row, handle, size } = await openFileContent(
        ctx,
        requireUser(request).id,
        request.params.id,
      );
      const wantsDownload = request.query.download === '1' || request.query.download === 'true';
      // Images show inline (chat previews); PDFs always download, never open in our origin.
      const kind = isImageType(row.fileType) && !wantsDownload ? 'inline' : 'attachment';
      return reply
        .type(row.fileType)
        .header('content-length', size)
        .header(
          'content-disposition',
          contentDisposition(kind, downloadName(row.originalFilename, row.fileType)),
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_CSP)
        .send(handle.createReadStream());
    },
  );

  api.delete(
    '/api/files/:id',
    {
      config: { access: 'user' },
      schema: { params: FileParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await deleteFile(ctx, requireUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
