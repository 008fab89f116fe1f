import type { z } from 'zod';
import {
  BinaryBodySchema,
  NoContentSchema,
  OpenApiDocumentSchema,
  TextBodySchema,
} from '#shared/api/api-schemas.ts';
import { LogoutResponseSchema, PublicUserSchema } from '#shared/auth/auth-schemas.ts';
import {
  CheckoutDetailsSchema,
  CheckoutResponseSchema,
  PaymentListSchema,
  PlanListSchema,
  SubscriptionSchema,
} from '#shared/billing/billing-schemas.ts';
import {
  AdminCryptoPaymentListSchema,
  CryptoPaymentSchema,
} from '#shared/billing/crypto-schemas.ts';
import {
  ChatReplySchema,
  ChatStreamEventSchema,
  MessageListSchema,
  StopResponseSchema,
} from '#shared/chat/chat-schemas.ts';
import {
  ConversationListSchema,
  ConversationSchema,
  FeedbackResponseSchema,
} from '#shared/chat/conversation-schemas.ts';
import { ClientErrorReceiptSchema } from '#shared/client-errors/client-error-schemas.ts';
import { ExportJsonSchema } from '#shared/export/export-schemas.ts';
import { FileInfoSchema } from '#shared/files/file-schemas.ts';
import { LivenessSchema, ReadinessSchema } from '#shared/health/health-schemas.ts';
import {
  AdminModelListSchema,
  AdminModelSchema,
  ModelListSchema,
} from '#shared/models/model-schemas.ts';
import { PersonaListSchema, PersonaSchema } from '#shared/personas/persona-schemas.ts';
import { ApplyReferralResponseSchema, ReferralSchema } from '#shared/referral/referral-schemas.ts';
import { SearchResultSchema } from '#shared/search/search-schemas.ts';
import { SettingsSchema } from '#shared/settings/settings-schemas.ts';

/**
 * The success answers of every documented route, by status: a schema (a JSON body, or none for
 * 204), or one schema per content type. The very schemas the server's routes declare —
 * tests/server/client-fake-contract.test.ts checks that entry by entry — so the client tests'
 * fake answers with bodies typed and checked by the API contract. Errors are the error envelope.
 */
export type SuccessAnswers = Record<number, z.ZodType | Record<string, z.ZodType>>;

const TURN = { 'application/json': ChatReplySchema, 'text/event-stream': ChatStreamEventSchema };
const IMAGE_OR_PDF = Object.fromEntries(
  ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'].map((type) => [
    type,
    BinaryBodySchema,
  ]),
);

export const ROUTE_SCHEMAS = {
  'DELETE /api/admin/models/{modelId}': { 204: NoContentSchema },
  'DELETE /api/conversations/{conversationId}': { 204: NoContentSchema },
  'DELETE /api/files/{id}': { 204: NoContentSchema },
  'DELETE /api/personas/{id}': { 204: NoContentSchema },
  'GET /api/admin/crypto-payments': { 200: AdminCryptoPaymentListSchema },
  'GET /api/admin/models': { 200: AdminModelListSchema },
  'GET /api/chat/stream/{conversationId}': {
    200: { 'text/event-stream': ChatStreamEventSchema },
    204: NoContentSchema,
  },
  'GET /api/conversations': { 200: ConversationListSchema },
  'GET /api/conversations/{conversationId}/export': {
    200: {
      'text/plain': TextBodySchema,
      'text/markdown': TextBodySchema,
      'application/json': ExportJsonSchema,
      'text/html': TextBodySchema,
      'application/pdf': BinaryBodySchema,
    },
  },
  'GET /api/conversations/{id}': { 200: ConversationSchema },
  'GET /api/crypto-payments/{id}': { 200: CryptoPaymentSchema },
  'GET /api/docs': { 200: { 'text/html': TextBodySchema } },
  'GET /api/docs/{asset}': {
    200: { 'text/css': TextBodySchema, 'application/javascript': TextBodySchema },
  },
  'GET /api/files/{id}': { 200: FileInfoSchema },
  'GET /api/files/{id}/content': { 200: IMAGE_OR_PDF },
  'GET /api/messages/{id}': { 200: MessageListSchema },
  'GET /api/models': { 200: ModelListSchema },
  'GET /api/openapi.json': { 200: OpenApiDocumentSchema },
  'GET /api/payments': { 200: PaymentListSchema },
  'GET /api/payments/checkouts/{checkoutId}': { 200: CheckoutDetailsSchema },
  'GET /api/personas': { 200: PersonaListSchema },
  'GET /api/plans': { 200: PlanListSchema },
  'GET /api/referral': { 200: ReferralSchema },
  'GET /api/search': { 200: SearchResultSchema },
  'GET /api/settings/me': { 200: SettingsSchema },
  'GET /api/settings/{userId}': { 200: SettingsSchema },
  'GET /api/subscription': { 200: SubscriptionSchema },
  'GET /api/user': { 200: PublicUserSchema },
  'GET /healthz': { 200: LivenessSchema },
  'GET /readyz': { 200: ReadinessSchema },
  'PATCH /api/conversations/{id}': { 200: ConversationSchema },
  'PATCH /api/personas/{id}': { 200: PersonaSchema },
  'PATCH /api/settings/{userId}': { 200: SettingsSchema },
  'PATCH /api/user': { 200: PublicUserSchema },
  'POST /api/admin/crypto-payments/{id}/reject': { 200: CryptoPaymentSchema },
  'POST /api/admin/crypto-payments/{id}/verify': { 200: CryptoPaymentSchema },
  'POST /api/admin/sandbox/subscriptions/{userId}/{action}': { 200: SubscriptionSchema },
  'POST /api/chat': { 200: TURN },
  'POST /api/chat/edit': { 200: TURN },
  'POST /api/chat/regenerate': { 200: TURN },
  'POST /api/chat/stop': { 200: StopResponseSchema },
  'POST /api/client-errors': { 201: ClientErrorReceiptSchema },
  'POST /api/crypto-payments': { 201: CryptoPaymentSchema },
  'POST /api/crypto-payments/{id}/paid': { 200: CryptoPaymentSchema },
  'POST /api/files': { 201: FileInfoSchema },
  'POST /api/login': { 200: PublicUserSchema },
  'POST /api/logout': { 200: LogoutResponseSchema },
  'POST /api/payments/sandbox/{checkoutId}/complete': { 200: CheckoutDetailsSchema },
  'POST /api/personas': { 201: PersonaSchema },
  'POST /api/referral/apply': { 200: ApplyReferralResponseSchema },
  'POST /api/register': { 201: PublicUserSchema },
  'POST /api/subscription/cancel': { 200: SubscriptionSchema },
  'POST /api/subscription/checkout': { 200: CheckoutResponseSchema },
  'POST /api/subscription/downgrade': { 200: SubscriptionSchema },
  'POST /api/subscription/resume': { 200: SubscriptionSchema },
  'PUT /api/admin/models/{modelId}': { 200: AdminModelSchema },
  'PUT /api/messages/{id}/feedback': { 200: FeedbackResponseSchema },
} as const satisfies Record<string, SuccessAnswers>;

export type RouteKey = keyof typeof ROUTE_SCHEMAS;
