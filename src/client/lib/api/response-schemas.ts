/**
 * The shared response schemas the client checks its answers against, in development and tests
 * (readJson in lib/http.ts). Picked from here (`(s) => s.XSchema`) a route's code never imports
 * zod: a production build loads neither zod nor the schemas (decision 281). A schema imported
 * directly by a page's code brings zod (about 27 KB gzip) into that page's first load.
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
export { DashboardSchema } from '#shared/admin/admin-dashboard-schemas.ts';
export { ApiKeyListSchema, CreatedApiKeySchema } from '#shared/api-keys/api-key-schemas.ts';
