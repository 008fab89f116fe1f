/**
 * The shared response schemas the client checks its answers against. They are loaded on the
 * first answer read (readJson in lib/http.ts), not with the first screen: zod and the schemas
 * are about 25 KB gzip, which the /chat first load (at its 150 KB budget) cannot carry.
 */
export { AccountSchema, PublicUserSchema } from '#shared/auth/auth-schemas.ts';
export {
  CheckoutDetailsSchema,
  CheckoutResponseSchema,
  PaymentListSchema,
  PlanListSchema,
  SubscriptionSchema,
} from '#shared/billing/billing-schemas.ts';
export { CryptoPaymentSchema } from '#shared/billing/crypto-schemas.ts';
export { ChatStreamEventSchema, MessageListSchema } from '#shared/chat/chat-schemas.ts';
export {
  ConversationListSchema,
  ConversationSchema,
  FeedbackResponseSchema,
} from '#shared/chat/conversation-schemas.ts';
export { FileInfoSchema } from '#shared/files/file-schemas.ts';
export { ModelListSchema } from '#shared/models/model-schemas.ts';
export { PersonaListSchema, PersonaSchema } from '#shared/personas/persona-schemas.ts';
export { ApplyReferralResponseSchema, ReferralSchema } from '#shared/referral/referral-schemas.ts';
export { SearchResultSchema } from '#shared/search/search-schemas.ts';
export { SettingsSchema } from '#shared/settings/settings-schemas.ts';
export { AppConfigSchema } from '#shared/admin/app-settings.ts';
export { ApiKeyListSchema, CreatedApiKeySchema } from '#shared/api-keys/api-key-schemas.ts';
