import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor, withAudit } from '#server/audit/audit.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import { notFound } from '#shared/errors/app-error.ts';
import {
  BrandParamsSchema,
  TemplateInputSchema,
  TemplateListSchema,
  TemplateParamsSchema,
  TemplatePatchSchema,
  TemplateSchema,
  templateVariables,
} from '#shared/omnichannel/omnichannel-schemas.ts';
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  updateTemplate,
} from './inbox.queries.ts';
import { toTemplate } from './omnichannel-mapping.ts';
import { findBrand } from './omnichannel.queries.ts';

const TEMPLATE_NOT_FOUND = 'Template not found';

/**
 * A brand's response templates (spec 02 §3 response_templates): per language and channel, the
 * {{variables}} their content names kept with them, quick replies, a usage count that each reply
 * sent from one raises. Administrators only, audited.
 */
export function registerTemplateRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };
  const listPath = '/api/omnichannel/brands/:brandId/templates';
  const itemPath = `${listPath}/:templateId`;
  const target = (id: string | null) => ({ type: 'response_template', id });

  api.get(
    listPath,
    { config: admin, schema: { params: BrandParamsSchema, response: { 200: TemplateListSchema } } },
    async (request) => {
      const { brandId } = request.params;
      if (!(await findBrand(ctx.db, brandId))) throw notFound('Brand not found');
      return { items: (await listTemplates(ctx.db, brandId)).map(toTemplate) };
    },
  );

  api.post(
    listPath,
    {
      config: admin,
      schema: {
        params: BrandParamsSchema,
        body: TemplateInputSchema,
        response: { 201: TemplateSchema },
      },
    },
    async (request, reply) => {
      const actor = auditActor(request);
      const { brandId } = request.params;
      const created = await withAudit(
        ctx.db,
        actor,
        'response_template.create',
        target(null),
        async (tx, record) => {
          if (!(await findBrand(tx, brandId))) throw notFound('Brand not found');
          const row = toTemplate(
            await insertTemplate(tx, {
              ...request.body,
              brandId,
              variables: templateVariables(request.body.content),
              createdBy: actor.userId,
            }),
          );
          record.targetId = row.templateId;
          record.after = row;
          return row;
        },
      );
      return reply.status(201).send(created);
    },
  );

  api.patch(
    itemPath,
    {
      config: admin,
      schema: {
        params: TemplateParamsSchema,
        body: TemplatePatchSchema,
        response: { 200: TemplateSchema },
      },
    },
    async (request) => {
      const { brandId, templateId } = request.params;
      return withAudit(
        ctx.db,
        auditActor(request),
        'response_template.update',
        target(templateId),
        async (tx, record) => {
          const before = await findTemplate(tx, brandId, templateId);
          if (!before) throw notFound(TEMPLATE_NOT_FOUND);
          const { content } = request.body;
          const after = toTemplate(
            (await updateTemplate(tx, brandId, templateId, {
              ...request.body,
              ...(content === undefined ? {} : { variables: templateVariables(content) }),
            }))!,
          );
          record.before = toTemplate(before);
          record.after = after;
          return after;
        },
      );
    },
  );

  api.delete(
    itemPath,
    { config: admin, schema: { params: TemplateParamsSchema, response: { 204: NoContentSchema } } },
    async (request, reply) => {
      const { brandId, templateId } = request.params;
      await withAudit(
        ctx.db,
        auditActor(request),
        'response_template.delete',
        target(templateId),
        async (tx, record) => {
          const deleted = await deleteTemplate(tx, brandId, templateId);
          if (!deleted) throw notFound(TEMPLATE_NOT_FOUND);
          record.before = toTemplate(deleted);
        },
      );
      return reply.status(204).send();
    },
  );
}
