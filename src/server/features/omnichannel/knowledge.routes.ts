import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/http/request-context.ts';
import { invalid } from '#shared/errors/app-error.ts';
import {
  KnowledgeEntrySchema,
  KnowledgeInputSchema,
  KnowledgeListSchema,
  KnowledgePatchSchema,
  KnowledgeQuerySchema,
} from '#shared/omnichannel/knowledge-schemas.ts';
import { RuleParamsSchema } from '#shared/omnichannel/rules-schemas.ts';
import { registerBrandResource } from './brand-resource-routes.ts';
import { listKnowledge } from './knowledge.queries.ts';
import {
  deleteKnowledge,
  findKnowledge,
  insertKnowledge,
  updateKnowledge,
} from './triage-admin.queries.ts';
import { toKnowledgeEntry, toKnowledgeValues } from './triage-mapping.ts';

const RANGE_MESSAGE = 'Valid until must be after valid from';

/** A brand's knowledge entries the model answers from, searchable by `q` (decision 261). */
export function registerKnowledgeRoutes(app: FastifyInstance, ctx: AppContext) {
  registerBrandResource(app, ctx, {
    path: 'knowledge',
    idParam: 'id',
    itemParams: RuleParamsSchema,
    auditType: 'brand_knowledge',
    notFoundMessage: 'Knowledge entry not found',
    schemas: {
      item: KnowledgeEntrySchema,
      list: KnowledgeListSchema,
      input: KnowledgeInputSchema,
      patch: KnowledgePatchSchema,
      listQuery: KnowledgeQuerySchema,
    },
    toItem: toKnowledgeEntry,
    itemId: (entry) => entry.id,
    list: (db, brandId, query) => listKnowledge(db, brandId, query.q),
    insert: (tx, input, { brandId, userId }) =>
      insertKnowledge(tx, {
        ...(toKnowledgeValues(input) as { title: string; content: string }),
        brandId,
        createdBy: userId,
      }),
    // The patch alone may move one end past the stored other one.
    checkPatched: ({ validFrom, validUntil }) => {
      if (validFrom && validUntil && Date.parse(validFrom) >= Date.parse(validUntil)) {
        throw invalid(RANGE_MESSAGE, { validUntil: [RANGE_MESSAGE] });
      }
    },
    find: findKnowledge,
    update: (tx, brandId, id, patch) => updateKnowledge(tx, brandId, id, toKnowledgeValues(patch)),
    remove: deleteKnowledge,
  });
}
