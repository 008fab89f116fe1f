import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor, withAudit } from '#server/audit/audit.ts';
import { requireUser } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import { invalid, notFound } from '#shared/errors/app-error.ts';
import { BrandParamsSchema } from '#shared/omnichannel/omnichannel-schemas.ts';
import {
  AclPolicyInputSchema,
  AclPolicyListSchema,
  AclPolicyPatchSchema,
  AclPolicySchema,
  AnalyticsListSchema,
  AnalyticsQuerySchema,
  EscalationRuleInputSchema,
  EscalationRuleListSchema,
  EscalationRulePatchSchema,
  EscalationRuleSchema,
  KnowledgeEntrySchema,
  KnowledgeInputSchema,
  KnowledgeListSchema,
  KnowledgePatchSchema,
  KnowledgeQuerySchema,
  RuleParamsSchema,
} from '#shared/omnichannel/triage-schemas.ts';
import { findBrand } from './omnichannel.queries.ts';
import {
  deleteAclPolicy,
  deleteEscalationRule,
  deleteKnowledge,
  findAclPolicy,
  findBrandEscalationRule,
  findKnowledge,
  insertAclPolicy,
  insertEscalationRule,
  insertKnowledge,
  listAclPolicies,
  listEscalationRules,
  updateAclPolicy,
  updateEscalationRule,
  updateKnowledge,
} from './triage-admin.queries.ts';
import {
  toAclPolicy,
  toAclValues,
  toAnalyticsDay,
  toEscalationRule,
  toKnowledgeEntry,
  toKnowledgeValues,
} from './triage-mapping.ts';
import { listAnalytics, listKnowledge } from './triage.queries.ts';

const BRAND_NOT_FOUND = 'Brand not found';

/**
 * A brand's ACL policies, escalation rules and knowledge, and the daily analytics: administrators
 * only, every change audited (issue 14 item 5).
 */
export function registerOmnichannelRulesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };
  const brandPath = '/api/omnichannel/brands/:brandId';
  const requireBrand = async (db: AppContext['db'], brandId: string) => {
    if (!(await findBrand(db, brandId))) throw notFound(BRAND_NOT_FOUND);
  };

  // ——— ACL policies ———
  const policies = `${brandPath}/acl-policies`;
  const policyTarget = (id: number | null) => ({
    type: 'acl_policy',
    id: id === null ? null : String(id),
  });

  api.get(
    policies,
    {
      config: admin,
      schema: { params: BrandParamsSchema, response: { 200: AclPolicyListSchema } },
    },
    async (request) => {
      await requireBrand(ctx.db, request.params.brandId);
      return { items: (await listAclPolicies(ctx.db, request.params.brandId)).map(toAclPolicy) };
    },
  );

  api.post(
    policies,
    {
      config: admin,
      schema: {
        params: BrandParamsSchema,
        body: AclPolicyInputSchema,
        response: { 201: AclPolicySchema },
      },
    },
    async (request, reply) => {
      const { brandId } = request.params;
      const created = await withAudit(
        ctx.db,
        auditActor(request),
        'acl_policy.create',
        policyTarget(null),
        async (tx, record) => {
          await requireBrand(tx, brandId);
          const policy = toAclPolicy(
            await insertAclPolicy(tx, {
              ...(toAclValues(request.body) as { name: string; policyType: string }),
              brandId,
              createdBy: requireUser(request).id,
            }),
          );
          record.targetId = String(policy.id);
          record.after = policy;
          return policy;
        },
      );
      return reply.status(201).send(created);
    },
  );

  api.patch(
    `${policies}/:id`,
    {
      config: admin,
      schema: {
        params: RuleParamsSchema,
        body: AclPolicyPatchSchema,
        response: { 200: AclPolicySchema },
      },
    },
    async (request) => {
      const { brandId, id } = request.params;
      return withAudit(
        ctx.db,
        auditActor(request),
        'acl_policy.update',
        policyTarget(id),
        async (tx, record) => {
          const before = await findAclPolicy(tx, brandId, id);
          if (!before) throw notFound('Policy not found');
          const merged = { ...toAclPolicy(before), ...request.body };
          const parsed = AclPolicyInputSchema.safeParse(merged);
          if (!parsed.success) {
            throw invalid(
              'A channel restriction names its channels and restricts (copilot or deny)',
            );
          }
          const after = toAclPolicy(
            (await updateAclPolicy(tx, brandId, id, toAclValues(request.body)))!,
          );
          record.before = toAclPolicy(before);
          record.after = after;
          return after;
        },
      );
    },
  );

  api.delete(
    `${policies}/:id`,
    { config: admin, schema: { params: RuleParamsSchema, response: { 204: NoContentSchema } } },
    async (request, reply) => {
      const { brandId, id } = request.params;
      await withAudit(
        ctx.db,
        auditActor(request),
        'acl_policy.delete',
        policyTarget(id),
        async (tx, record) => {
          const deleted = await deleteAclPolicy(tx, brandId, id);
          if (!deleted) throw notFound('Policy not found');
          record.before = toAclPolicy(deleted);
        },
      );
      return reply.status(204).send();
    },
  );

  // ——— Escalation rules ———
  const rules = `${brandPath}/escalation-rules`;
  const ruleTarget = (id: number | null) => ({
    type: 'escalation_rule',
    id: id === null ? null : String(id),
  });

  api.get(
    rules,
    {
      config: admin,
      schema: { params: BrandParamsSchema, response: { 200: EscalationRuleListSchema } },
    },
    async (request) => {
      await requireBrand(ctx.db, request.params.brandId);
      return {
        items: (await listEscalationRules(ctx.db, request.params.brandId)).map(toEscalationRule),
      };
    },
  );

  api.post(
    rules,
    {
      config: admin,
      schema: {
        params: BrandParamsSchema,
        body: EscalationRuleInputSchema,
        response: { 201: EscalationRuleSchema },
      },
    },
    async (request, reply) => {
      const { brandId } = request.params;
      const created = await withAudit(
        ctx.db,
        auditActor(request),
        'escalation_rule.create',
        ruleTarget(null),
        async (tx, record) => {
          await requireBrand(tx, brandId);
          const rule = toEscalationRule(
            await insertEscalationRule(tx, { ...request.body, brandId }),
          );
          record.targetId = String(rule.id);
          record.after = rule;
          return rule;
        },
      );
      return reply.status(201).send(created);
    },
  );

  api.patch(
    `${rules}/:id`,
    {
      config: admin,
      schema: {
        params: RuleParamsSchema,
        body: EscalationRulePatchSchema,
        response: { 200: EscalationRuleSchema },
      },
    },
    async (request) => {
      const { brandId, id } = request.params;
      return withAudit(
        ctx.db,
        auditActor(request),
        'escalation_rule.update',
        ruleTarget(id),
        async (tx, record) => {
          const before = await findBrandEscalationRule(tx, brandId, id);
          if (!before) throw notFound('Rule not found');
          const after = toEscalationRule(
            (await updateEscalationRule(tx, brandId, id, request.body))!,
          );
          record.before = toEscalationRule(before);
          record.after = after;
          return after;
        },
      );
    },
  );

  api.delete(
    `${rules}/:id`,
    { config: admin, schema: { params: RuleParamsSchema, response: { 204: NoContentSchema } } },
    async (request, reply) => {
      const { brandId, id } = request.params;
      await withAudit(
        ctx.db,
        auditActor(request),
        'escalation_rule.delete',
        ruleTarget(id),
        async (tx, record) => {
          const deleted = await deleteEscalationRule(tx, brandId, id);
          if (!deleted) throw notFound('Rule not found');
          record.before = toEscalationRule(deleted);
        },
      );
      return reply.status(204).send();
    },
  );

  // ——— Knowledge ———
  const knowledge = `${brandPath}/knowledge`;
  const knowledgeTarget = (id: number | null) => ({
    type: 'brand_knowledge',
    id: id === null ? null : String(id),
  });

  api.get(
    knowledge,
    {
      config: admin,
      schema: {
        params: BrandParamsSchema,
        querystring: KnowledgeQuerySchema,
        response: { 200: KnowledgeListSchema },
      },
    },
    async (request) => {
      await requireBrand(ctx.db, request.params.brandId);
      const rows = await listKnowledge(ctx.db, request.params.brandId, request.query.q);
      return { items: rows.map(toKnowledgeEntry) };
    },
  );

  api.post(
    knowledge,
    {
      config: admin,
      schema: {
        params: BrandParamsSchema,
        body: KnowledgeInputSchema,
        response: { 201: KnowledgeEntrySchema },
      },
    },
    async (request, reply) => {
      const { brandId } = request.params;
      const created = await withAudit(
        ctx.db,
        auditActor(request),
        'brand_knowledge.create',
        knowledgeTarget(null),
        async (tx, record) => {
          await requireBrand(tx, brandId);
          const entry = toKnowledgeEntry(
            await insertKnowledge(tx, {
              ...(toKnowledgeValues(request.body) as { title: string; content: string }),
              brandId,
              createdBy: requireUser(request).id,
            }),
          );
          record.targetId = String(entry.id);
          record.after = entry;
          return entry;
        },
      );
      return reply.status(201).send(created);
    },
  );

  api.patch(
    `${knowledge}/:id`,
    {
      config: admin,
      schema: {
        params: RuleParamsSchema,
        body: KnowledgePatchSchema,
        response: { 200: KnowledgeEntrySchema },
      },
    },
    async (request) => {
      const { brandId, id } = request.params;
      return withAudit(
        ctx.db,
        auditActor(request),
        'brand_knowledge.update',
        knowledgeTarget(id),
        async (tx, record) => {
          const before = await findKnowledge(tx, brandId, id);
          if (!before) throw notFound('Knowledge entry not found');
          const merged = { ...toKnowledgeEntry(before), ...request.body };
          if (
            merged.validFrom &&
            merged.validUntil &&
            Date.parse(merged.validFrom) >= Date.parse(merged.validUntil)
          ) {
            throw invalid('Valid until must be after valid from', {
              validUntil: ['Valid until must be after valid from'],
            });
          }
          const after = toKnowledgeEntry(
            (await updateKnowledge(tx, brandId, id, toKnowledgeValues(request.body)))!,
          );
          record.before = toKnowledgeEntry(before);
          record.after = after;
          return after;
        },
      );
    },
  );

  api.delete(
    `${knowledge}/:id`,
    { config: admin, schema: { params: RuleParamsSchema, response: { 204: NoContentSchema } } },
    async (request, reply) => {
      const { brandId, id } = request.params;
      await withAudit(
        ctx.db,
        auditActor(request),
        'brand_knowledge.delete',
        knowledgeTarget(id),
        async (tx, record) => {
          const deleted = await deleteKnowledge(tx, brandId, id);
          if (!deleted) throw notFound('Knowledge entry not found');
          record.before = toKnowledgeEntry(deleted);
        },
      );
      return reply.status(204).send();
    },
  );

  // ——— Analytics ———
  api.get(
    '/api/omnichannel/analytics',
    {
      config: admin,
      schema: { querystring: AnalyticsQuerySchema, response: { 200: AnalyticsListSchema } },
    },
    async (request) => {
      const { brandId, from, to } = request.query;
      await requireBrand(ctx.db, brandId);
      return { items: (await listAnalytics(ctx.db, brandId, from, to)).map(toAnalyticsDay) };
    },
  );
}
