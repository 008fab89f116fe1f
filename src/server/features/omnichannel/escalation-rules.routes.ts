import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/http/request-context.ts';
import {
  EscalationRuleInputSchema,
  EscalationRuleListSchema,
  EscalationRulePatchSchema,
  EscalationRuleSchema,
  RuleParamsSchema,
} from '#shared/omnichannel/rules-schemas.ts';
import { registerBrandResource } from './brand-resource-routes.ts';
import {
  deleteEscalationRule,
  findBrandEscalationRule,
  insertEscalationRule,
  listEscalationRules,
  updateEscalationRule,
} from './triage-admin.queries.ts';
import { toEscalationRule } from './triage-mapping.ts';

/** A brand's escalation rules: which messages go to a person, and to whom (decision 261). */
export function registerEscalationRuleRoutes(app: FastifyInstance, ctx: AppContext) {
  registerBrandResource(app, ctx, {
    path: 'escalation-rules',
    idParam: 'id',
    itemParams: RuleParamsSchema,
    auditType: 'escalation_rule',
    notFoundMessage: 'Rule not found',
    schemas: {
      item: EscalationRuleSchema,
      list: EscalationRuleListSchema,
      input: EscalationRuleInputSchema,
      patch: EscalationRulePatchSchema,
    },
    toItem: toEscalationRule,
    itemId: (rule) => rule.id,
    list: (db, brandId) => listEscalationRules(db, brandId),
    insert: (tx, input, { brandId }) => insertEscalationRule(tx, { ...input, brandId }),
    find: findBrandEscalationRule,
    update: updateEscalationRule,
    remove: deleteEscalationRule,
  });
}
