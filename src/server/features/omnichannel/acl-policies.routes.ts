import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/http/request-context.ts';
import { invalid } from '#shared/errors/app-error.ts';
import {
  AclPolicyInputSchema,
  AclPolicyListSchema,
  AclPolicyPatchSchema,
  AclPolicySchema,
  RuleParamsSchema,
} from '#shared/omnichannel/rules-schemas.ts';
import { registerBrandResource } from './brand-resource-routes.ts';
import {
  deleteAclPolicy,
  findAclPolicy,
  insertAclPolicy,
  listAclPolicies,
  updateAclPolicy,
} from './triage-admin.queries.ts';
import { toAclPolicy, toAclValues } from './triage-mapping.ts';

/** A brand's ACL policies: when the AI may answer alone, only draft, or not at all (decision 261). */
export function registerAclPolicyRoutes(app: FastifyInstance, ctx: AppContext) {
  registerBrandResource(app, ctx, {
    path: 'acl-policies',
    idParam: 'id',
    itemParams: RuleParamsSchema,
    auditType: 'acl_policy',
    notFoundMessage: 'Policy not found',
    schemas: {
      item: AclPolicySchema,
      list: AclPolicyListSchema,
      input: AclPolicyInputSchema,
      patch: AclPolicyPatchSchema,
    },
    toItem: toAclPolicy,
    itemId: (policy) => policy.id,
    list: (db, brandId) => listAclPolicies(db, brandId),
    insert: (tx, input, { brandId, userId }) =>
      insertAclPolicy(tx, {
        ...(toAclValues(input) as { name: string; policyType: string }),
        brandId,
        createdBy: userId,
      }),
    checkPatched: (patched) => {
      if (!AclPolicyInputSchema.safeParse(patched).success) {
        throw invalid('A channel restriction names its channels and restricts (copilot or deny)');
      }
    },
    find: findAclPolicy,
    update: (tx, brandId, id, patch) => updateAclPolicy(tx, brandId, id, toAclValues(patch)),
    remove: deleteAclPolicy,
  });
}
