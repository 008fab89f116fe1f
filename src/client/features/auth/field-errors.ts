import type { TFunction } from 'i18next';
import type { z } from 'zod';
import {
  DISPLAY_NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '#shared/auth/auth-schemas.ts';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Turns the shared schema's issues into one message per field in the interface language
 * (the schema's own messages are the server's English ones).
 */
export function toFieldErrors(
  error: z.ZodError,
  t: TFunction<'auth'>,
  values: Record<string, unknown>,
): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (result[field]) continue;
    const value = values[field];
    const empty =
      issue.code === 'invalid_type' || (typeof value === 'string' && value.trim() === '');
    result[field] = messageFor(field, issue, empty, t);
  }
  return result;
}

function messageFor(
  field: string,
  issue: z.core.$ZodIssue,
  empty: boolean,
  t: TFunction<'auth'>,
): string {
  switch (field) {
    case 'username':
      if (empty) return t('validation.usernameRequired');
      if (issue.code === 'invalid_format') return t('validation.usernameChars');
      return t('validation.usernameLength', { min: USERNAME_MIN, max: USERNAME_MAX });
    case 'password':
      if (empty) return t('validation.passwordRequired');
      return t('validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX });
    case 'email':
      return t('validation.email');
    case 'displayName':
      return t('validation.displayNameLength', { max: DISPLAY_NAME_MAX });
    default:
      return t('validation.invalid');
  }
}
