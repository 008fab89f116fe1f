import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import { attachmentDisposition } from '#server/http/content-disposition.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { BinaryBodySchema, TextBodySchema } from '#shared/api/api-schemas.ts';
import {
  EXPORT_CONTENT_TYPES,
  ExportJsonSchema,
  ExportParamsSchema,
  ExportQuerySchema,
} from '#shared/export/export-schemas.ts';
import { exportConversation } from './export.service.ts';
import { createPdfRenderer } from './pdf-thread.ts';

/** The file in the asked format, as an attachment; the JSON export has a schema of its own. */
const EXPORT_RESPONSE = {
  description: 'The conversation as a file (Content-Disposition: attachment)',
  content: Object.fromEntries(
    Object.entries(EXPORT_CONTENT_TYPES).map(([format, type]) => [
      type.split(';')[0]!,
      {
        schema:
          format === 'json'
            ? ExportJsonSchema
            : format === 'pdf'
              ? BinaryBodySchema
              : TextBodySchema,
      },
    ]),
  ),
};

/** GET /api/conversations/:conversationId/export?format=txt|md|json|html|pdf&tz= */
export function registerExportRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const pdf = createPdfRenderer();
  app.addHook('onClose', () => pdf.close());

  api.get(
    '/api/conversations/:conversationId/export',
    {
      config: { access: 'user' },
      schema: {
        params: ExportParamsSchema,
        querystring: ExportQuerySchema,
        response: { 200: EXPORT_RESPONSE },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await exportConversation(
        ctx.db,
        pdf,
        user.id,
        request.params.conversationId,
        request.query,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
}
