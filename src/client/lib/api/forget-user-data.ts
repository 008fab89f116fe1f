import type { QueryClient } from '@tanstack/react-query';
import { appConfigQueryOptions } from '#client/lib/api/get-app-config.ts';
import { userQueryOptions } from '#client/lib/api/get-user.ts';
import { clearDrafts } from '#client/lib/tab-drafts.ts';

/**
 * The queries that are the same for everyone (public routes), by the first part of their key:
 * the signed-in user (set apart by login and logout), the app's configuration and the plans
 * (GET /api/plans, features/billing). Everything else was read for the user signed in at the time:
 * most keys carry no user id (['account'], ['subscription'], ['api-keys'], the admin screens), so
 * a new key is per-user unless it is named here.
 */
const SHARED_KEYS: ReadonlySet<unknown> = new Set([
  userQueryOptions.queryKey[0],
  appConfigQueryOptions.queryKey[0],
  'plans',
]);

/** Whether a query holds data read for the signed-in user. */
export const isUserData = (query: { queryKey: readonly unknown[] }) =>
  !SHARED_KEYS.has(query.queryKey[0]);

/**
 * Drops every query read for the signed-in user, and the tab's drafts: at logout, when the server
 * ends the session, and before another user is stored, so that the next person at this tab sees
 * nothing of the last one.
 */
export function forgetUserData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: isUserData });
  clearDrafts();
}
