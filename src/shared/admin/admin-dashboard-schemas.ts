import { z } from 'zod';
import { DecimalStringSchema } from './admin-users-schemas.ts';

/** GET /api/admin/dashboard (issue 12 "dashboard"): the product's figures at a glance. */

const usageSchema = z.object({
  /** Model calls (token_usage rows). */
  messages: z.number().int(),
  tokens: z.number().int(),
  /** Summed in the database as numeric: a decimal string, never a float. */
  cost: DecimalStringSchema,
});

export const DashboardSchema = z.object({
  generatedAt: z.iso.datetime(),
  users: z.object({
    total: z.number().int(),
    newLast7Days: z.number().int(),
    /** Seen (a request with a session) in the last 24 hours. */
    activeLast24Hours: z.number().int(),
    suspended: z.number().int(),
  }),
  /** Active paid tiers by name (an expired tier is not counted). */
  subscriptionsByTier: z.record(z.string(), z.number().int()),
  /** Paid payments of this calendar month (UTC) minus nothing: refunds show as their own figure. */
  revenueThisMonth: z.object({
    cents: z.number().int(),
    refundedCents: z.number().int(),
    currency: z.string(),
  }),
  usageToday: usageSchema,
  usageLast30Days: usageSchema,
  /** Tokens per UTC day, the last 30 days, oldest first (the chart). */
  dailyTokens: z.array(z.object({ day: z.string(), tokens: z.number().int() })),
  /** Crypto payments reported and waiting for an administrator. */
  pendingCryptoPayments: z.number().int(),
  /**
   * Backups that failed in the last 30 days. Absent until the backups feature exists
   * (its backup_history table), rather than a 0 that would look like good news.
   */
  failedBackups: z.number().int().optional(),
  /** Error reports of the web app in the last 24 hours. */
  clientErrorsLast24Hours: z.number().int(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
