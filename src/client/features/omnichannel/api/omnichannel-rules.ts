import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { notifyError } from '#client/lib/notify.ts';
import { AnalyticsListSchema } from '#shared/omnichannel/analytics-schemas.ts';
import {
  KnowledgeEntrySchema,
  KnowledgeListSchema,
  type KnowledgeEntry,
  type KnowledgeInput,
} from '#shared/omnichannel/knowledge-schemas.ts';
import {
  AclPolicyListSchema,
  AclPolicySchema,
  EscalationRuleListSchema,
  EscalationRuleSchema,
  type AclPolicy,
  type AclPolicyInput,
  type EscalationRule,
  type EscalationRuleInput,
} from '#shared/omnichannel/rules-schemas.ts';

const brandPath = (brandId: string) => `/api/omnichannel/brands/${brandId}`;

/** One of a brand's collections (policies, rules, knowledge): list, create, change, delete. */
function collection<Item, Input>(
  segment: string,
  listSchema: z.ZodType<{ items: Item[] }>,
  itemSchema: z.ZodType<Item>,
) {
  const key = (brandId: string) => ['omnichannel', segment, brandId];
  return {
    useList(brandId: string, query = '') {
      return useQuery({
        queryKey: [...key(brandId), query],
        queryFn: async () =>
          (
            await readJson(
              await apiRequest('GET', `${brandPath(brandId)}/${segment}${query}`),
              () => listSchema,
            )
          )?.items ?? [],
      });
    },
    useSave(brandId: string) {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: async ({ id, input }: { id?: number; input: Input | Partial<Input> }) => {
          const path = `${brandPath(brandId)}/${segment}`;
          const response = id
            ? await apiRequest('PATCH', `${path}/${id}`, input)
            : await apiRequest('POST', path, input);
          return readJson(response, () => itemSchema);
        },
        onSuccess: () => queryClient.invalidateQueries({ queryKey: key(brandId) }),
      });
    },
    useDelete(brandId: string) {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: number) => apiRequest('DELETE', `${brandPath(brandId)}/${segment}/${id}`),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: key(brandId) }),
        // Told in a toast: the entry's delete button has no place for it.
        onError: (error) => notifyError(error),
      });
    },
  };
}

/** The list and mutation hooks of one collection (what `CollectionSection` shows and edits). */
export type BrandCollection<Item, Input> = ReturnType<typeof collection<Item, Input>>;

export const aclPolicies = collection<AclPolicy, AclPolicyInput>(
  'acl-policies',
  AclPolicyListSchema,
  AclPolicySchema,
);
export const escalationRules = collection<EscalationRule, EscalationRuleInput>(
  'escalation-rules',
  EscalationRuleListSchema,
  EscalationRuleSchema,
);
export const knowledge = collection<KnowledgeEntry, KnowledgeInput>(
  'knowledge',
  KnowledgeListSchema,
  KnowledgeEntrySchema,
);

/** GET /api/omnichannel/analytics: a brand's daily figures per channel type. */
export function useAnalytics(brandId: string, from: string, to: string) {
  return useQuery({
    queryKey: ['omnichannel', 'analytics', brandId, from, to],
    queryFn: async () => {
      const query = new URLSearchParams({ brandId, from, to });
      return (
        (
          await readJson(
            await apiRequest('GET', `/api/omnichannel/analytics?${query.toString()}`),
            () => AnalyticsListSchema,
          )
        )?.items ?? []
      );
    },
  });
}
