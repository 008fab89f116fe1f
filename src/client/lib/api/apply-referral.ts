import { apiRequest, HttpError, readJson } from '#client/lib/http.ts';

/**
 * POST /api/referral/apply: the friend's +3 messages at once (decision 085). Read by the referral
 * page and by registration through a share link (/auth?ref=CODE).
 */
export async function applyReferralCode(code: string) {
  return (await readJson(
    await apiRequest('POST', '/api/referral/apply', { code }),
    (s) => s.ApplyReferralResponseSchema,
  ))!;
}

/** The server's referral messages (spec 02 §5, §8) as keys of the referral namespace. */
export function referralErrorKey(error: unknown): string {
  if (!(error instanceof HttpError)) return 'errors.generic';
  if (error.status === 409) return 'errors.appliedOnce';
  if (error.status === 400 && /required/i.test(error.message)) return 'errors.required';
  if (error.status === 400) return 'errors.invalid';
  return 'errors.generic';
}
