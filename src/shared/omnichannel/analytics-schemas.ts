import { z } from 'zod';

/** The daily omnichannel analytics per brand and channel type (spec 02 §3, issue 14 item 5). */

const day = z.iso.date();
export const AnalyticsQuerySchema = z
  .object({ brandId: z.uuid('Not a brand id'), from: day, to: day })
  .refine((value) => value.from <= value.to, { message: 'from is after to', path: ['to'] })
  .refine((value) => Date.parse(value.to) - Date.parse(value.from) <= 366 * 86_400_000, {
    message: 'At most a year at once',
    path: ['from'],
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

export const AnalyticsDaySchema = z.object({
  date: z.string(),
  channelType: z.string(),
  totalMessages: z.number().int(),
  inboundMessages: z.number().int(),
  outboundMessages: z.number().int(),
  autopilotMessages: z.number().int(),
  copilotMessages: z.number().int(),
  manualMessages: z.number().int(),
  /** Seconds. */
  avgResponseTime: z.number().int().nullable(),
  firstResponseTime: z.number().int().nullable(),
  /** Percent with two places, as a string. */
  resolutionRate: z.string().nullable(),
  escalationRate: z.string().nullable(),
  /** 1.00–5.00. */
  csatScore: z.string().nullable(),
  csatResponses: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;
export const AnalyticsListSchema = z.object({ items: z.array(AnalyticsDaySchema) });
