import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas } from '#server/db/schema/personas.ts';
import { aiModels } from '#server/db/schema/ai.ts';
import { codeSessionParticipants } from '#server/db/schema/codehub-live.ts';
import { websiteProjects } from '#server/db/schema/website-builder.ts';
import {
  createConversation,
  createSignedInUser,
  DEFAULT_PASSWORD,
} from '#tests/support/factories.ts';
import { nextIp, uniqueUsername } from '#tests/support/auth-helpers.ts';
import { multipartUpload } from '#tests/support/multipart.ts';
import { SAMPLE_FILES } from '#tests/support/sample-files.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/**
 * Every registered /api route × {guest, user, another user, admin} → the status each must get.
 * A route added without a row here fails the suite, so no route ships without a stated rule.
 */
type Caller = 'guest' | 'user' | 'other' | 'admin';
const CALLERS: Caller[] = ['guest', 'user', 'other', 'admin'];

interface Fixture {
  userId: number;
  username: string;
  personaId: number;
  /** A file uploaded by the 'user' caller. */
  fileId: number;
  /** The 'user' caller's conversation: a question and its reply. */
  conversationId: string;
  userMessageId: number;
  replyMessageId: number;
  /** An administrator's ai_models row. */
  modelId: string;
  /** The 'user' caller's personal API key. */
  apiKeyId: number;
  /** The 'user' caller's private code hub project and its main file. */
  codeProjectId: string;
  codeFileId: string;
  /** The 'user' caller's live session on that project; the admin takes part as a viewer. */
  codeSessionId: string;
  adminId: number;
  /** The 'user' caller's private site from the website builder. */
  websiteId: string;
}
interface Case {
  url: (f: Fixture) => string;
  payload?: (f: Fixture, caller: Caller) => unknown;
  /** A multipart body (payload and its content-type header) instead of JSON. */
  multipart?: () => { payload: Buffer; headers: Record<string, string> };
  /**
   * The OpenAI-compatible API takes a personal API key, never the cookie: each caller sends a
   * key of their own as `Authorization: Bearer` (the guest none) besides their cookie.
   */
  bearer?: boolean;
  /** Request headers a route needs to answer at all (the site view: Sec-Fetch-Dest, decision 327). */
  headers?: Record<string, string>;
  expect: Record<Caller, number>;
}

const persona = {
  name: 'Matrix',
  description: 'Access matrix persona',
  systemPrompt: 'You are terse.',
  icon: 'sparkles',
  color: '#8b5cf6',
};

/** A uuid that names no brand or channel. */
const NO_BRAND = '00000000-0000-4000-8000-000000000000';

const MATRIX: Record<string, Case> = {
  'GET /api/openapi.json': {
    url: () => '/api/openapi.json',
    expect: { guest: 200, user: 200, other: 200, admin: 200 },
  },
  'GET /api/docs': {
    url: () => '/api/docs',
    expect: { guest: 200, user: 200, other: 200, admin: 200 },
  },
  'GET /api/docs/:asset': {
    url: () => '/api/docs/reference.js',
    expect: { guest: 200, user: 200, other: 200, admin: 200 },
  },
  'POST /api/register': {
    url: () => '/api/register',
    payload: () => ({ username: uniqueUsername('reg'), password: DEFAULT_PASSWORD }),
    expect: { guest: 201, user: 201, other: 201, admin: 201 },
  },
  'POST /api/login': {
    url: () => '/api/login',
    payload: (f) => ({ username: f.username, password: DEFAULT_PASSWORD }),
    expect: { guest: 200, user: 200, other: 200, admin: 200 },
  },
  'POST /api/logout': {
    url: () => '/api/logout',
    expect: { guest: 200, user: 200, other: 200, admin: 200 },
  },
  'GET /api/user': {
    url: () => '/api/user',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'PATCH /api/user': {
    url: () => '/api/user',
    payload: () => ({ displayName: 'Renamed' }),
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/settings/me': {
    url: () => '/api/settings/me',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/settings/:userId': {
    url: (f) => `/api/settings/${f.userId}`,
    expect: { guest: 401, user: 200, other: 403, admin: 200 },
  },
  'PATCH /api/settings/:userId': {
    url: (f) => `/api/settings/${f.userId}`,
    payload: () => ({ theme: 'hell' }),
    expect: { guest: 401, user: 200, other: 403, admin: 403 },
  },
  'GET /api/personas': {
    url: () => '/api/personas',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'POST /api/personas': {
    url: () => '/api/personas',
    payload: () => persona,
    expect: { guest: 401, user: 201, other: 201, admin: 201 },
  },
  'PATCH /api/personas/:id': {
    url: (f) => `/api/personas/${f.personaId}`,
    payload: () => ({ name: 'Renamed persona' }),
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'DELETE /api/personas/:id': {
    url: (f) => `/api/personas/${f.personaId}`,
    expect: { guest: 401, user: 204, other: 404, admin: 404 },
  },
  'POST /api/client-errors': {
    url: () => '/api/client-errors',
    payload: () => ({ message: 'Access matrix crash report' }),
    expect: { guest: 201, user: 201, other: 201, admin: 201 },
  },
  'POST /api/files': {
    url: () => '/api/files',
    multipart: () => multipartUpload({ name: 'matrix.png', content: SAMPLE_FILES.png }),
    expect: { guest: 401, user: 201, other: 201, admin: 201 },
  },
  // Files are private to their owner, administrators included.
  'GET /api/files/:id': {
    url: (f) => `/api/files/${f.fileId}`,
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'GET /api/files/:id/content': {
    url: (f) => `/api/files/${f.fileId}/content`,
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'DELETE /api/files/:id': {
    url: (f) => `/api/files/${f.fileId}`,
    expect: { guest: 401, user: 204, other: 404, admin: 404 },
  },
  'GET /api/search': {
    url: () => '/api/search?q=matrix',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/conversations/:conversationId/export': {
    url: (f) => `/api/conversations/${f.conversationId}/export?format=txt`,
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'GET /api/models': {
    url: () => '/api/models',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/admin/models': {
    url: () => '/api/admin/models',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'PUT /api/admin/models/:modelId': {
    url: (f) => `/api/admin/models/${f.modelId}`,
    payload: () => ({
      displayName: 'Matrix',
      provider: 'openai-compatible',
      upstreamModel: 'llama3',
    }),
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'DELETE /api/admin/models/:modelId': {
    url: (f) => `/api/admin/models/${f.modelId}`,
    expect: { guest: 401, user: 403, other: 403, admin: 204 },
  },
  // Another user's conversation or message is a 404 on every chat route, administrators included.
  'POST /api/chat': {
    url: () => '/api/chat',
    payload: (f) => ({ message: 'Matrix question', conversationId: f.conversationId }),
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'POST /api/chat/edit': {
    url: () => '/api/chat/edit',
    payload: (f) => ({ messageId: f.userMessageId, message: 'Edited question' }),
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'POST /api/chat/regenerate': {
    url: () => '/api/chat/regenerate',
    payload: (f) => ({ messageId: f.replyMessageId }),
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'POST /api/chat/stop': {
    url: () => '/api/chat/stop',
    payload: (f) => ({ conversationId: f.conversationId }),
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'GET /api/chat/stream/:conversationId': {
    url: (f) => `/api/chat/stream/${f.conversationId}`,
    expect: { guest: 401, user: 204, other: 404, admin: 404 },
  },
  'GET /api/conversations': {
    url: () => '/api/conversations',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/conversations/:id': {
    url: (f) => `/api/conversations/${f.conversationId}`,
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'PATCH /api/conversations/:id': {
    url: (f) => `/api/conversations/${f.conversationId}`,
    payload: () => ({ title: 'Renamed chat' }),
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'DELETE /api/conversations/:conversationId': {
    url: (f) => `/api/conversations/${f.conversationId}`,
    expect: { guest: 401, user: 204, other: 404, admin: 404 },
  },
  'GET /api/messages/:id': {
    url: (f) => `/api/messages/${f.conversationId}`,
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'PUT /api/messages/:id/feedback': {
    url: (f) => `/api/messages/${f.replyMessageId}/feedback`,
    payload: () => ({ feedback: 'positive' }),
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  // Billing (issue 11): the callers hold Ultimate granted without a card subscription.
  'GET /api/plans': {
    url: () => '/api/plans',
    expect: { guest: 200, user: 200, other: 200, admin: 200 },
  },
  'GET /api/subscription': {
    url: () => '/api/subscription',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'POST /api/subscription/checkout': {
    url: () => '/api/subscription/checkout',
    payload: () => ({ plan: 'ultimate', interval: 'month' }),
    expect: { guest: 401, user: 409, other: 409, admin: 200 },
  },
  'POST /api/subscription/cancel': {
    url: () => '/api/subscription/cancel',
    expect: { guest: 401, user: 409, other: 409, admin: 409 },
  },
  'POST /api/subscription/resume': {
    url: () => '/api/subscription/resume',
    expect: { guest: 401, user: 409, other: 409, admin: 409 },
  },
  'POST /api/subscription/downgrade': {
    url: () => '/api/subscription/downgrade',
    payload: () => ({ plan: 'premium' }),
    expect: { guest: 401, user: 409, other: 409, admin: 409 },
  },
  'GET /api/user/account': {
    url: () => '/api/user/account',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/payments': {
    url: () => '/api/payments',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  // Owner-only with a real payment: tests/server/billing-receipts.test.ts.
  'GET /api/payments/:id/receipt': {
    url: () => '/api/payments/999999/receipt',
    expect: { guest: 401, user: 404, other: 404, admin: 404 },
  },
  'GET /api/payments/checkouts/:checkoutId': {
    url: () => '/api/payments/checkouts/co_unknown',
    expect: { guest: 401, user: 404, other: 404, admin: 404 },
  },
  'POST /api/payments/sandbox/:checkoutId/complete': {
    url: () => '/api/payments/sandbox/co_unknown/complete',
    payload: () => ({ outcome: 'succeed' }),
    expect: { guest: 401, user: 404, other: 404, admin: 404 },
  },
  'GET /api/referral': {
    url: () => '/api/referral',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'POST /api/referral/apply': {
    url: () => '/api/referral/apply',
    payload: () => ({ code: 'NOSUCHCODE' }),
    expect: { guest: 401, user: 400, other: 400, admin: 400 },
  },
  'POST /api/crypto-payments': {
    url: () => '/api/crypto-payments',
    payload: () => ({ plan: 'ultimate', durationMonths: 6, coin: 'BTC' }),
    expect: { guest: 401, user: 409, other: 409, admin: 201 },
  },
  'GET /api/crypto-payments/:id': {
    url: () => '/api/crypto-payments/999999',
    expect: { guest: 401, user: 404, other: 404, admin: 404 },
  },
  'POST /api/crypto-payments/:id/paid': {
    url: () => '/api/crypto-payments/999999/paid',
    payload: () => ({
      txHash: 'a'.repeat(64),
      senderWalletAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    }),
    expect: { guest: 401, user: 404, other: 404, admin: 404 },
  },
  'GET /api/admin/crypto-payments': {
    url: () => '/api/admin/crypto-payments?status=pending',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'POST /api/admin/crypto-payments/:id/verify': {
    url: () => '/api/admin/crypto-payments/999999/verify',
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/admin/crypto-payments/:id/reject': {
    url: () => '/api/admin/crypto-payments/999999/reject',
    payload: () => ({ notes: 'matrix' }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  // Personal API keys (issue #12 item 3): the callers hold Ultimate, which includes API access.
  'POST /api/api-keys': {
    url: () => '/api/api-keys',
    payload: () => ({ name: 'Matrix', scopes: ['models:read'], expiresInDays: 7 }),
    expect: { guest: 401, user: 201, other: 201, admin: 201 },
  },
  'GET /api/api-keys': {
    url: () => '/api/api-keys',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'DELETE /api/api-keys/:id': {
    url: (f) => `/api/api-keys/${f.apiKeyId}`,
    expect: { guest: 401, user: 204, other: 404, admin: 404 },
  },
  'GET /api/v1/models': {
    url: () => '/api/v1/models',
    bearer: true,
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'POST /api/v1/chat/completions': {
    url: () => '/api/v1/chat/completions',
    bearer: true,
    payload: () => ({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Matrix' }] }),
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/admin/api-keys': {
    url: () => '/api/admin/api-keys',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'POST /api/admin/api-keys/:id/revoke': {
    url: (f) => `/api/admin/api-keys/${f.apiKeyId}/revoke`,
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/token-usage': {
    url: () => '/api/admin/token-usage?groupBy=user',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/token-usage.csv': {
    url: () => '/api/admin/token-usage.csv?groupBy=model',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/token-limits': {
    url: () => '/api/admin/token-limits',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'PUT /api/admin/token-limits': {
    url: () => '/api/admin/token-limits',
    payload: () => ({
      limits: [
        {
          tier: 'free',
          monthlyTokens: 250_000,
          dailyTokens: 25_000,
          maxRequestSize: 8_000,
          gpt5Access: false,
          claude4Access: false,
        },
      ],
    }),
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'POST /api/admin/sandbox/subscriptions/:userId/:action': {
    url: (f) => `/api/admin/sandbox/subscriptions/${f.userId}/renew`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'GET /api/admin/audit-log': {
    url: () => '/api/admin/audit-log?limit=5',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/settings': {
    url: () => '/api/admin/settings',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'PATCH /api/admin/settings': {
    url: () => '/api/admin/settings',
    payload: () => ({ registrationOpen: true }),
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/predefined-answers': {
    url: () => '/api/admin/predefined-answers',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'POST /api/admin/predefined-answers': {
    url: () => '/api/admin/predefined-answers',
    payload: () => ({ keyword: `matrix-${Math.random()}`, answer: 'Matrix.' }),
    expect: { guest: 401, user: 403, other: 403, admin: 201 },
  },
  'PATCH /api/admin/predefined-answers/:id': {
    url: () => '/api/admin/predefined-answers/999999',
    payload: () => ({ priority: 1 }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'DELETE /api/admin/predefined-answers/:id': {
    url: () => '/api/admin/predefined-answers/999999',
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/admin/predefined-answers/try': {
    url: () => '/api/admin/predefined-answers/try',
    payload: () => ({ message: 'hello', language: 'en' }),
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/subscriptions': {
    url: () => '/api/admin/subscriptions?plan=premium&status=active&method=sandbox',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/payments': {
    url: () => '/api/admin/payments?plan=premium&status=paid&method=crypto',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/conversations': {
    url: (f) => `/api/admin/conversations?userId=${f.userId}&q=Matrix`,
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  // Even the owner cannot use the administrators' reader; the admin needs a reason (audited).
  'POST /api/admin/conversations/:conversationId/open': {
    url: (f) => `/api/admin/conversations/${f.conversationId}/open`,
    payload: () => ({ reason: 'Access matrix check' }),
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/performance': {
    url: () => '/api/admin/performance',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/logs': {
    url: () => '/api/admin/logs?limit=5',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/logs/client-errors': {
    url: () => '/api/admin/logs/client-errors?limit=5',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/settings/export': {
    url: () => '/api/admin/settings/export',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'POST /api/admin/settings/import': {
    url: () => '/api/admin/settings/import',
    payload: () => ({
      format: 'orbit-chat-settings',
      version: 1,
      settings: { registrationOpen: true },
    }),
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/app-config': {
    url: () => '/api/app-config',
    expect: { guest: 200, user: 200, other: 200, admin: 200 },
  },
  'GET /api/admin/provider-keys': {
    url: () => '/api/admin/provider-keys',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'PUT /api/admin/provider-keys/:provider': {
    url: () => '/api/admin/provider-keys/perplexity',
    payload: () => ({ baseUrl: 'http://127.0.0.1:9/matrix' }),
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'DELETE /api/admin/provider-keys/:provider': {
    url: () => '/api/admin/provider-keys/anthropic',
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  // Admin users, security and dashboard (issue 12): the 'user' caller is the target.
  'GET /api/admin/users': {
    url: () => '/api/admin/users?q=user_&limit=5',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/users/:id': {
    url: (f) => `/api/admin/users/${f.userId}`,
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'PATCH /api/admin/users/:id': {
    url: (f) => `/api/admin/users/${f.userId}`,
    payload: () => ({ monthlyQuota: 200 }),
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'POST /api/admin/users/:id/suspend': {
    url: (f) => `/api/admin/users/${f.userId}/suspend`,
    payload: () => ({ reason: 'matrix' }),
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'POST /api/admin/users/:id/unsuspend': {
    url: (f) => `/api/admin/users/${f.userId}/unsuspend`,
    expect: { guest: 401, user: 403, other: 403, admin: 409 },
  },
  'DELETE /api/admin/users/:id': {
    url: (f) => `/api/admin/users/${f.userId}`,
    expect: { guest: 401, user: 403, other: 403, admin: 204 },
  },
  'GET /api/admin/security/logins': {
    url: () => '/api/admin/security/logins?successful=false&limit=5',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/security/failed-logins': {
    url: () => '/api/admin/security/failed-logins',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/admin/sessions': {
    url: () => '/api/admin/sessions?limit=5',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'POST /api/admin/sessions/:id/revoke': {
    url: () => '/api/admin/sessions/999999/revoke',
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'GET /api/admin/dashboard': {
    url: () => '/api/admin/dashboard',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  // Backups (issue 12 database): requests an administrator may make without starting a backup.
  'GET /api/admin/backups/configs': {
    url: () => '/api/admin/backups/configs',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'POST /api/admin/backups/configs': {
    url: () => '/api/admin/backups/configs',
    payload: () => ({
      name: 'Matrix',
      frequency: 'daily',
      hour: 3,
      minute: 0,
      retentionDays: 7,
      isActive: false,
    }),
    expect: { guest: 401, user: 403, other: 403, admin: 201 },
  },
  'PUT /api/admin/backups/configs/:id': {
    url: () => '/api/admin/backups/configs/999999',
    payload: () => ({ name: 'Matrix', frequency: 'daily', hour: 3, minute: 0, retentionDays: 7 }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'DELETE /api/admin/backups/configs/:id': {
    url: () => '/api/admin/backups/configs/999999',
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'GET /api/admin/backups': {
    url: () => '/api/admin/backups?limit=5',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'POST /api/admin/backups': {
    url: () => '/api/admin/backups',
    payload: () => ({ unexpected: true }),
    expect: { guest: 401, user: 403, other: 403, admin: 400 },
  },
  'POST /api/admin/backups/:id/download-link': {
    url: () => '/api/admin/backups/999999/download-link',
    payload: () => ({}),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'GET /api/admin/backups/:id/download': {
    url: () => '/api/admin/backups/999999/download?token=forged.token',
    expect: { guest: 401, user: 403, other: 403, admin: 403 },
  },
  'POST /api/admin/backups/:id/restore-check': {
    url: () => '/api/admin/backups/999999/restore-check',
    payload: () => ({}),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/admin/backups/restore-check': {
    url: () => '/api/admin/backups/restore-check',
    payload: () => ({}),
    expect: { guest: 401, user: 403, other: 403, admin: 400 },
  },
  'POST /api/admin/backups/restore': {
    url: () => '/api/admin/backups/restore',
    payload: () => ({ checkToken: 'forged.token', confirm: true }),
    expect: { guest: 401, user: 403, other: 403, admin: 400 },
  },
  'GET /api/admin/backups/restore/:restoreId': {
    url: () => '/api/admin/backups/restore/0b7e3f7c-2a1d-4c5e-9f00-6d2b8a4c1e11',
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  // Omnichannel (issue 14): administrators only; the ids name no brand or channel (admin 404).
  'GET /api/omnichannel/brands': {
    url: () => '/api/omnichannel/brands',
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'POST /api/omnichannel/brands': {
    url: () => '/api/omnichannel/brands',
    payload: () => ({ name: 'Matrix brand' }),
    expect: { guest: 401, user: 403, other: 403, admin: 201 },
  },
  'GET /api/omnichannel/brands/:brandId': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'PATCH /api/omnichannel/brands/:brandId': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}`,
    payload: () => ({ name: 'Renamed' }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'DELETE /api/omnichannel/brands/:brandId': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'GET /api/omnichannel/brands/:brandId/channels': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/channels`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/omnichannel/brands/:brandId/channels': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/channels`,
    payload: () => ({ channelType: 'api', channelIdentifier: 'matrix' }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'PATCH /api/omnichannel/brands/:brandId/channels/:channelId': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/channels/${NO_BRAND}`,
    payload: () => ({ isActive: false }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'DELETE /api/omnichannel/brands/:brandId/channels/:channelId': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/channels/${NO_BRAND}`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'GET /api/omnichannel/brands/:brandId/messages': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/messages`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'GET /api/omnichannel/brands/:brandId/acl-policies': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/acl-policies`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/omnichannel/brands/:brandId/acl-policies': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/acl-policies`,
    payload: () => ({ name: 'Matrix', policyType: 'autopilot', effect: 'deny' }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'PATCH /api/omnichannel/brands/:brandId/acl-policies/:id': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/acl-policies/1`,
    payload: () => ({ priority: 1 }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'DELETE /api/omnichannel/brands/:brandId/acl-policies/:id': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/acl-policies/1`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'GET /api/omnichannel/brands/:brandId/escalation-rules': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/escalation-rules`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/omnichannel/brands/:brandId/escalation-rules': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/escalation-rules`,
    payload: () => ({ name: 'Matrix', ruleType: 'ai_failure' }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'PATCH /api/omnichannel/brands/:brandId/escalation-rules/:id': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/escalation-rules/1`,
    payload: () => ({ priority: 1 }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'DELETE /api/omnichannel/brands/:brandId/escalation-rules/:id': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/escalation-rules/1`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'GET /api/omnichannel/brands/:brandId/knowledge': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/knowledge`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/omnichannel/brands/:brandId/knowledge': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/knowledge`,
    payload: () => ({ title: 'Matrix', content: 'Entry' }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'PATCH /api/omnichannel/brands/:brandId/knowledge/:id': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/knowledge/1`,
    payload: () => ({ title: 'Renamed' }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'DELETE /api/omnichannel/brands/:brandId/knowledge/:id': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/knowledge/1`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'GET /api/omnichannel/analytics': {
    url: () => `/api/omnichannel/analytics?brandId=${NO_BRAND}&from=2026-01-01&to=2026-01-31`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'GET /api/omnichannel/messages': {
    url: () => `/api/omnichannel/messages?brandId=${NO_BRAND}`,
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
  },
  'GET /api/omnichannel/threads/:threadKey': {
    url: () => `/api/omnichannel/threads/${NO_BRAND}%3Anobody`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/omnichannel/messages/:id/reply': {
    url: () => '/api/omnichannel/messages/999999/reply',
    payload: () => ({ content: 'Matrix reply' }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/omnichannel/messages/:id/approve': {
    url: () => '/api/omnichannel/messages/999999/approve',
    payload: () => ({}),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/omnichannel/messages/:id/reject': {
    url: () => '/api/omnichannel/messages/999999/reject',
    payload: () => ({}),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/omnichannel/messages/:id/assign': {
    url: () => '/api/omnichannel/messages/999999/assign',
    payload: () => ({ userId: null }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/omnichannel/messages/:id/resolve': {
    url: () => '/api/omnichannel/messages/999999/resolve',
    payload: () => ({}),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  // The stream of a brand that does not exist is refused before it opens.
  'GET /api/omnichannel/inbox/stream': {
    url: () => `/api/omnichannel/inbox/stream?brandId=${NO_BRAND}`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'GET /api/omnichannel/brands/:brandId/templates': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/templates`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'POST /api/omnichannel/brands/:brandId/templates': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/templates`,
    payload: () => ({ name: 'Matrix template', content: 'Hello {{customer_name}}' }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'PATCH /api/omnichannel/brands/:brandId/templates/:templateId': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/templates/${NO_BRAND}`,
    payload: () => ({ name: 'Renamed template' }),
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  'DELETE /api/omnichannel/brands/:brandId/templates/:templateId': {
    url: () => `/api/omnichannel/brands/${NO_BRAND}/templates/${NO_BRAND}`,
    expect: { guest: 401, user: 403, other: 403, admin: 404 },
  },
  // Providers call these: public, verified by the channel's signature (unknown channel: 404).
  'POST /api/omnichannel/webhooks/:channelId': {
    url: () => `/api/omnichannel/webhooks/${NO_BRAND}`,
    payload: () => ({ messageId: 'm', sender: 's', content: 'c' }),
    expect: { guest: 404, user: 404, other: 404, admin: 404 },
  },
  // A website visitor's replies: public, named by the visitor's signature (unknown channel: 404).
  'GET /api/omnichannel/widget/:channelId/stream': {
    url: () => `/api/omnichannel/widget/${NO_BRAND}/stream?visitor=v&signature=${'0'.repeat(64)}`,
    expect: { guest: 404, user: 404, other: 404, admin: 404 },
  },
  // The website widget's config and a visitor's message: public, from any site (unknown: 404).
  'GET /api/omnichannel/widget/:channelId/config': {
    url: () => `/api/omnichannel/widget/${NO_BRAND}/config`,
    expect: { guest: 404, user: 404, other: 404, admin: 404 },
  },
  'POST /api/omnichannel/widget/:channelId/messages': {
    url: () => `/api/omnichannel/widget/${NO_BRAND}/messages`,
    payload: () => ({
      visitor: 'v',
      signature: '0'.repeat(64),
      clientMessageId: NO_BRAND,
      content: 'Hello',
    }),
    expect: { guest: 404, user: 404, other: 404, admin: 404 },
  },
  // A visitor's conversation so far, and an anonymous visitor's id: public (unknown: 404).
  'GET /api/omnichannel/widget/:channelId/messages': {
    url: () => `/api/omnichannel/widget/${NO_BRAND}/messages?visitor=v&signature=${'0'.repeat(64)}`,
    expect: { guest: 404, user: 404, other: 404, admin: 404 },
  },
  'POST /api/omnichannel/widget/:channelId/visitors': {
    url: () => `/api/omnichannel/widget/${NO_BRAND}/visitors`,
    expect: { guest: 404, user: 404, other: 404, admin: 404 },
  },
  'GET /api/omnichannel/webhooks/:channelId': {
    url: () => `/api/omnichannel/webhooks/${NO_BRAND}?hub.mode=subscribe`,
    expect: { guest: 404, user: 404, other: 404, admin: 404 },
  },
  'GET /api/codehub/projects': {
    url: () => '/api/codehub/projects?scope=public',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'POST /api/codehub/projects': {
    url: () => '/api/codehub/projects',
    payload: () => ({ name: 'Matrix project', language: 'go' }),
    expect: { guest: 401, user: 201, other: 201, admin: 201 },
  },
  'GET /api/codehub/projects/:projectId': {
    url: (f) => `/api/codehub/projects/${f.codeProjectId}`,
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'PATCH /api/codehub/projects/:projectId': {
    url: (f) => `/api/codehub/projects/${f.codeProjectId}`,
    payload: () => ({ name: 'Renamed project' }),
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'DELETE /api/codehub/projects/:projectId': {
    url: (f) => `/api/codehub/projects/${f.codeProjectId}`,
    expect: { guest: 401, user: 204, other: 404, admin: 404 },
  },
  'GET /api/codehub/projects/:projectId/files': {
    url: (f) => `/api/codehub/projects/${f.codeProjectId}/files`,
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'POST /api/codehub/projects/:projectId/files': {
    url: (f) => `/api/codehub/projects/${f.codeProjectId}/files`,
    payload: () => ({ filename: 'added.py', content: 'print(1)\n' }),
    expect: { guest: 401, user: 201, other: 404, admin: 404 },
  },
  'PATCH /api/codehub/projects/:projectId/files/:fileId': {
    url: (f) => `/api/codehub/projects/${f.codeProjectId}/files/${f.codeFileId}`,
    // A rename: the project has a live session, during which its text is saved there (409).
    payload: () => ({ filename: 'renamed.py' }),
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'DELETE /api/codehub/projects/:projectId/files/:fileId': {
    url: (f) => `/api/codehub/projects/${f.codeProjectId}/files/${f.codeFileId}`,
    expect: { guest: 401, user: 204, other: 404, admin: 404 },
  },
  // Live sessions: the admin is a viewer of the user's session, 'other' cannot see it at all.
  'GET /api/codehub/sessions': {
    url: () => '/api/codehub/sessions',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'POST /api/codehub/sessions': {
    url: () => '/api/codehub/sessions',
    payload: (f) => ({ projectId: f.codeProjectId }),
    expect: { guest: 401, user: 201, other: 404, admin: 404 },
  },
  'GET /api/codehub/sessions/:sessionId': {
    url: (f) => `/api/codehub/sessions/${f.codeSessionId}`,
    expect: { guest: 401, user: 200, other: 404, admin: 200 },
  },
  'POST /api/codehub/sessions/:sessionId/join': {
    url: (f) => `/api/codehub/sessions/${f.codeSessionId}/join`,
    expect: { guest: 401, user: 200, other: 404, admin: 200 },
  },
  'PATCH /api/codehub/sessions/:sessionId/participants/:userId': {
    url: (f) => `/api/codehub/sessions/${f.codeSessionId}/participants/${f.adminId}`,
    payload: () => ({ role: 'editor' }),
    expect: { guest: 401, user: 200, other: 404, admin: 403 },
  },
  'POST /api/codehub/sessions/:sessionId/end': {
    url: (f) => `/api/codehub/sessions/${f.codeSessionId}/end`,
    expect: { guest: 401, user: 204, other: 404, admin: 403 },
  },
  'POST /api/codehub/sessions/:sessionId/runs': {
    url: (f) => `/api/codehub/sessions/${f.codeSessionId}/runs`,
    payload: () => ({ language: 'python', stdout: 'hello\n' }),
    expect: { guest: 401, user: 201, other: 404, admin: 403 },
  },
  'GET /api/codehub/sessions/:sessionId/replay': {
    url: (f) => `/api/codehub/sessions/${f.codeSessionId}/replay`,
    expect: { guest: 401, user: 200, other: 404, admin: 200 },
  },
  // The WebSocket endpoint: a plain request (no upgrade) gets 426 once it passes every check.
  'GET /api/codehub/live/:sessionId': {
    url: (f) => `/api/codehub/live/${f.codeSessionId}`,
    expect: { guest: 401, user: 426, other: 404, admin: 426 },
  },
  // The offline assistant builds here (no provider configured), screenshot and all.
  'POST /api/codehub/build-website': {
    url: () => '/api/codehub/build-website',
    payload: () => ({ prompt: 'A page for a matrix test' }),
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'POST /api/codehub/build-professional-website': {
    url: () => '/api/codehub/build-professional-website',
    payload: () => ({ prompt: 'A professional page for a matrix test' }),
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/codehub/websites': {
    url: () => '/api/codehub/websites?scope=public',
    expect: { guest: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/codehub/websites/:projectId': {
    url: (f) => `/api/codehub/websites/${f.websiteId}`,
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'PATCH /api/codehub/websites/:projectId': {
    url: (f) => `/api/codehub/websites/${f.websiteId}`,
    payload: () => ({ isPublic: true }),
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'DELETE /api/codehub/websites/:projectId': {
    url: (f) => `/api/codehub/websites/${f.websiteId}`,
    expect: { guest: 401, user: 204, other: 404, admin: 404 },
  },
  'GET /api/codehub/websites/:projectId/screenshot': {
    url: (f) => `/api/codehub/websites/${f.websiteId}/screenshot`,
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'GET /api/codehub/websites/:projectId/view': {
    url: (f) => `/api/codehub/websites/${f.websiteId}/view`,
    headers: { 'sec-fetch-dest': 'iframe' },
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'GET /api/codehub/websites/:projectId/full': {
    url: (f) => `/api/codehub/websites/${f.websiteId}/full`,
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
  'GET /api/codehub/websites/:projectId/download': {
    url: (f) => `/api/codehub/websites/${f.websiteId}/download`,
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
  },
};

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'orbit-matrix-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Fresh callers per route, since some calls (logout, login) change the caller's session. */
async function setUpCallers() {
  const paid = { subscriptionTier: 'ultimate', subscriptionExpiry: null };
  const owner = await createSignedInUser(t.db, paid);
  const other = await createSignedInUser(t.db, paid);
  const admin = await createSignedInUser(t.db, { isAdmin: true });
  const [row] = await t.db
    .insert(personas)
    .values({ ...persona, userId: owner.user.id })
    .returning({ id: personas.id });
  const uploaded = await api(t.app, {
    method: 'POST',
    url: '/api/files',
    cookie: owner.cookie,
    ...multipartUpload({ name: 'owned.png', content: SAMPLE_FILES.png }),
  });
  const { conversation, messages } = await createConversation(t.db, owner.user.id, {
    messages: ['Matrix question', 'Matrix answer'],
  });
  const [model] = await t.db
    .insert(aiModels)
    .values({
      modelId: `matrix-${conversation.id}`,
      displayName: 'Matrix model',
      provider: 'openai-compatible',
      upstreamModel: 'llama3',
    })
    .returning({ modelId: aiModels.modelId });
  const project = await api(t.app, {
    method: 'POST',
    url: '/api/codehub/projects',
    cookie: owner.cookie,
    payload: { name: 'Private project', language: 'python' },
  });
  const codeProjectId = project.json<{ id: string }>().id;
  const codeFiles = await api(t.app, {
    method: 'GET',
    url: `/api/codehub/projects/${codeProjectId}/files`,
    cookie: owner.cookie,
  });
  const session = await api(t.app, {
    method: 'POST',
    url: '/api/codehub/sessions',
    cookie: owner.cookie,
    payload: { projectId: codeProjectId },
  });
  const codeSessionId = session.json<{ sessionId: string }>().sessionId;
  await t.db
    .insert(codeSessionParticipants)
    .values({ sessionId: codeSessionId, userId: admin.user.id });
  const [site] = await t.db
    .insert(websiteProjects)
    .values({
      userId: owner.user.id,
      name: 'Private site',
      htmlContent: '<!DOCTYPE html><html><body><p>Private</p></body></html>',
      screenshot: Buffer.from(SAMPLE_FILES.png),
    })
    .returning({ projectId: websiteProjects.projectId });
  const fixture: Fixture = {
    websiteId: site!.projectId,
    codeProjectId,
    codeSessionId,
    adminId: admin.user.id,
    codeFileId: codeFiles.json<{ files: { id: string }[] }>().files[0]!.id,
    userId: owner.user.id,
    username: owner.user.username,
    personaId: row!.id,
    fileId: uploaded.json<{ id: number }>().id,
    conversationId: conversation.conversationId,
    userMessageId: messages[0]!.id,
    replyMessageId: messages[1]!.id,
    modelId: model!.modelId,
    apiKeyId: 0,
  };
  const cookies: Record<Caller, string | undefined> = {
    guest: undefined,
    user: owner.cookie,
    other: other.cookie,
    admin: admin.cookie,
  };
  const keyFor = async (cookie: string) => {
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/api-keys',
      cookie,
      payload: { name: 'Matrix', scopes: ['models:read', 'chat:write'], expiresInDays: 1 },
    });
    return response.json<{ id: number; key: string }>();
  };
  const ownKey = await keyFor(owner.cookie);
  fixture.apiKeyId = ownKey.id;
  const keys: Record<Caller, () => Promise<string | undefined>> = {
    guest: async () => undefined,
    user: async () => ownKey.key,
    other: async () => (await keyFor(other.cookie)).key,
    admin: async () => (await keyFor(admin.cookie)).key,
  };
  return { fixture, cookies, keys };
}

describe('access matrix', () => {
  it('has a rule for every registered API route', () => {
    const registered = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !registered.includes(key))).toEqual([]);
  });

  for (const [key, rule] of Object.entries(MATRIX)) {
    it(`${key} answers guest ${rule.expect.guest}, user ${rule.expect.user}, other ${rule.expect.other}, admin ${rule.expect.admin}`, async () => {
      const method = key.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'DELETE';
      const statuses: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS) {
        const { fixture, cookies, keys } = await setUpCallers();
        const payload = rule.payload?.(fixture, caller);
        const key = rule.bearer ? await keys[caller]() : undefined;
        const response = await api(t.app, {
          method,
          url: rule.url(fixture),
          remoteAddress: nextIp(),
          ...(cookies[caller] ? { cookie: cookies[caller] } : {}),
          ...(payload === undefined ? {} : { payload: payload as object }),
          ...rule.multipart?.(),
          ...(rule.headers ? { headers: rule.headers } : {}),
          ...(key ? { headers: { authorization: `Bearer ${key}` } } : {}),
        });
        statuses[caller] = response.statusCode;
      }
      expect(statuses).toEqual(rule.expect);
    });
  }
});
