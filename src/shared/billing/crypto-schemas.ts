import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';
import { PaidPlanIdSchema } from './billing-schemas.ts';

/** Crypto payment bodies (issue 11 item 3, spec 02 §4, decision 084). */

export const CryptoCoinSchema = z.enum(['BTC', 'ETH']);
export type CryptoCoin = z.infer<typeof CryptoCoinSchema>;

export const CryptoPaymentCreateSchema = z.object({
  plan: PaidPlanIdSchema,
  durationMonths: z.union([z.literal(6), z.literal(12)]),
  coin: CryptoCoinSchema,
});
export type CryptoPaymentCreate = z.infer<typeof CryptoPaymentCreateSchema>;

/** 'I have paid': checked per coin on the server (format and checksum) → 400 naming the field. */
export const CryptoPaymentReportSchema = z.object({
  txHash: textSchema().trim().min(1).max(100),
  senderWalletAddress: textSchema().trim().min(1).max(100),
});
export type CryptoPaymentReport = z.infer<typeof CryptoPaymentReportSchema>;

export const CryptoPaymentRejectSchema = z.object({
  notes: textSchema().trim().min(1, 'Notes are required').max(2000),
});

export const CryptoPaymentStatusSchema = z.enum([
  'awaiting_payment',
  'pending',
  'verified',
  'rejected',
]);

export const CryptoPaymentSchema = z.object({
  id: z.number().int(),
  plan: PaidPlanIdSchema,
  durationMonths: z.number().int(),
  coin: CryptoCoinSchema,
  status: CryptoPaymentStatusSchema,
  /** Where to send the coins (a clearly marked test address in test mode). */
  walletAddress: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The coin amount to send exactly; its last digits are the verification code. */
  cryptoAmount: z.string(),
  rateEur: z.string(),
  verificationCode: z.string(),
  /** The amount and rate hold until then (30 minutes). */
  expiresAt: z.iso.datetime(),
  testMode: z.boolean(),
  txHash: z.string().nullable(),
  senderWalletAddress: z.string().nullable(),
  createdAt: z.iso.datetime(),
  verifiedAt: z.iso.datetime().nullable(),
  notes: z.string().nullable(),
});
export type CryptoPayment = z.infer<typeof CryptoPaymentSchema>;

export const AdminCryptoPaymentSchema = CryptoPaymentSchema.extend({
  userId: z.number().int(),
  username: z.string(),
});
/** GET /api/admin/crypto-payments: a page of payments, newest first unless `order=asc`. */
export const AdminCryptoPaymentListSchema = pageSchema(AdminCryptoPaymentSchema);
export const AdminCryptoPaymentQuerySchema = PageQuerySchema.extend({
  status: CryptoPaymentStatusSchema.optional(),
});
export const CryptoPaymentIdParamsSchema = z.object({ id: z.coerce.number().pipe(RowIdSchema) });
