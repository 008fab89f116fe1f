import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/http/request-context.ts';
import {
  TemplateInputSchema,
  TemplateListSchema,
  TemplateParamsSchema,
  TemplatePatchSchema,
  TemplateSchema,
  templateVariables,
} from '#shared/omnichannel/template-schemas.ts';
import { registerBrandResource } from './brand-resource-routes.ts';
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  updateTemplate,
} from './inbox.queries.ts';
import { toTemplate } from './omnichannel-mapping.ts';

/**
 * A brand's response templates (spec 02 §3 response_templates): per language and channel, the
 * {{variables}} their content names kept with them, quick replies, a usage count that each reply
 * sent from one raises. Administrators only, audited.
 */
export function registerTemplateRoutes(app: FastifyInstance, ctx: AppContext) {
  registerBrandResource(app, ctx, {
    path: 'templates',
    idParam: 'templateId',
    itemParams: TemplateParamsSchema,
    auditType: 'response_template',
    notFoundMessage: 'Template not found',
    schemas: {
      item: TemplateSchema,
      list: TemplateListSchema,
      input: TemplateInputSchema,
      patch: TemplatePatchSchema,
    },
    toItem: toTemplate,
    itemId: (template) => template.templateId,
    list: (db, brandId) => listTemplates(db, brandId),
    insert: (tx, input, { brandId, userId }) =>
      insertTemplate(tx, {
        ...input,
        brandId,
        variables: templateVariables(input.content),
        createdBy: userId,
      }),
    find: findTemplate,
    update: (tx, brandId, templateId, patch) =>
      updateTemplate(tx, brandId, templateId, {
        ...patch,
        ...(patch.content === undefined ? {} : { variables: templateVariables(patch.content) }),
      }),
    remove: deleteTemplate,
  });
}
