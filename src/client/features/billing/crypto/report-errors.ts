import { HttpError } from '#client/lib/http.ts';
import type { CryptoCoin } from '#shared/billing/crypto-schemas.ts';

export type ReportField = 'txHash' | 'senderWalletAddress';
export const REPORT_FIELDS: readonly ReportField[] = ['txHash', 'senderWalletAddress'];

/** A refused report: translation keys per field, the general notice, or 'already reported'. */
export interface ReportProblem {
  fields: Partial<Record<ReportField, string>>;
  notice: 'errors.notification' | null;
  alreadyReported: boolean;
}

/**
 * What the server's answer to 'I have paid' means for the form (decision 084): a 400 names the
 * fields that fail the coin's format or checksum, a 409 a hash already used or a payment already
 * reported; anything else is the spec's 'Notification error' / 'Please try again later'.
 */
export function reportProblem(error: unknown, coin: CryptoCoin): ReportProblem {
  const problem: ReportProblem = { fields: {}, notice: null, alreadyReported: false };
  if (error instanceof HttpError && error.code === 'VALIDATION_ERROR') {
    const details = (error.details ?? {}) as Record<string, unknown>;
    for (const field of REPORT_FIELDS) {
      if (field in details) problem.fields[field] = `report.errors.${field}.${coin}`;
    }
    if (Object.keys(problem.fields).length > 0) return problem;
  }
  if (error instanceof HttpError && error.status === 409) {
    if (error.message === 'Transaction already used') {
      problem.fields.txHash = 'report.errors.txUsed';
      return problem;
    }
    if (error.message === 'Payment already reported') {
      problem.alreadyReported = true;
      return problem;
    }
  }
  problem.notice = 'errors.notification';
  return problem;
}
