import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import { attachmentDisposition } from '#server/http/content-disposition.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { ExportParamsSchema, ExportQuerySchema } from '#shared/export/export-schemas.ts';
import { exportConversation } from './export.service.ts';
import { createPdfRenderer } from './pdf-thread.ts';

/** GET /api/conversations/:conversationId/export?format=txt|md|json|html|pdf&tz= */
export function registerExportRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const pdf = createPdfRenderer();
  app.addHook('onClose', () => pdf.close());

  api.get(
    '/api/conversations/:conversationId/export',
    {
      config: { access: 'user' },
      schema: { params: ExportParamsSchema, querystring: ExportQuerySchema },
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
