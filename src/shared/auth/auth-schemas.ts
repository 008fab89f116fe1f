import { z } from 'zod';
import { SUBSCRIPTION_TIERS } from '#shared/plans/tiers.ts';
import { storable, textSchema } from '#shared/validation/database-input.ts';

/** Messages here become toast texts (spec 01-core §8 "server message"), so they are sentences. */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
/** Upper bound keeps hashing cost predictable. */
export const PASSWORD_MAX = 256;
export const DISPLAY_NAME_MAX = 64;
const EMAIL_MAX = 254;
const URL_MAX = 2048;

const requiredText = (label: string) =>
  textSchema({
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be text`,
  });

const bodyObject = { error: 'The request body must be a JSON object' };

export const UsernameSchema = requiredText('Username')
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, digits and the characters _ . -');

/** The anonymous name an erased account keeps (decision 141): reserved, so no one registers it. */
export const deletedUsername = (id: number) => `deleted-user-${id}`;
export const isReservedUsername = (username: string) => /^deleted-user-\d+$/i.test(username);

export const NewPasswordSchema = requiredText('Password')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Optional text where '' and null both mean "none" (forms send empty inputs as ''). */
const emptyToNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

const EmailSchema = z.preprocess(
  emptyToNull,
  storable(z.email({ error: 'Please enter a valid email address' }))
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .nullable(),
);

const DisplayNameSchema = z.preprocess(
  emptyToNull,
  textSchema({ error: 'Display name must be text' })
    .trim()
    .max(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters`)
    .nullable(),
);

const AvatarUrlSchema = z.preprocess(
  emptyToNull,
  storable(z.url({ protocol: /^https?$/, error: 'Avatar must be an http or https URL' }))
    .max(URL_MAX, `Avatar URL must be at most ${URL_MAX} characters`)
    .nullable(),
);

/** POST /api/login (spec 01-core §7). Only length bounds: stored names predate current rules. */
export const LoginSchema = z.object(
  {
    username: requiredText('Username')
      .trim()
      .min(1, 'Username is required')
      .max(256, 'Invalid username or password'),
    password: requiredText('Password')
      .min(1, 'Password is required')
      .max(1024, 'Invalid username or password'),
    rememberMe: z.boolean({ error: 'Remember me must be true or false' }).optional(),
  },
  bodyObject,
);
export type LoginInput = z.infer<typeof LoginSchema>;

/**
 * POST /api/register. Unknown keys (e.g. a form's password confirmation) are ignored;
 * privileged fields are never read from this body.
 */
export const RegisterSchema = z.object(
  {
    username: UsernameSchema,
    password: NewPasswordSchema,
    email: EmailSchema.optional(),
    displayName: DisplayNameSchema.optional(),
  },
  bodyObject,
);
export type RegisterInput = z.infer<typeof RegisterSchema>;

/**
 * PATCH /api/user. Strict: any other key (isAdmin, subscriptionTier, quota, username…) is refused,
 * so a client can never grant itself rights.
 */
export const UpdateProfileSchema = z
  .strictObject(
    {
      displayName: DisplayNameSchema.optional(),
      email: EmailSchema.optional(),
      avatarUrl: AvatarUrlSchema.optional(),
      currentPassword: requiredText('Current password').max(1024).optional(),
      newPassword: NewPasswordSchema.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `These fields cannot be changed: ${issue.keys.join(', ')}`
          : bodyObject.error,
    },
  )
  .refine((body) => body.newPassword === undefined || body.currentPassword !== undefined, {
    message: 'Please enter your current password to set a new one',
    path: ['currentPassword'],
  })
  // The current password confirms a new password or a new email address (profile.service.ts).
  .refine(
    (body) =>
      body.currentPassword === undefined ||
      body.newPassword !== undefined ||
      body.email !== undefined,
    { message: 'Please enter a new password', path: ['newPassword'] },
  );
export type UpdateProfileInput = z.infer<typeof UpdateProfileSchema>;

/** The user as the client sees it — exactly the fields of spec 01-core §3, nothing else. */
export const PublicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  isAdmin: z.boolean(),
  /** An active paid subscription (tier above free, not expired). */
  isSubscribed: z.boolean(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  subscriptionExpiry: z.iso.datetime().nullable(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** GET /api/user/account: what the profile page shows of one's own account (email included). */
export const AccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
});
export type Account = z.infer<typeof AccountSchema>;

export const LogoutResponseSchema = z.object({ message: z.string() });
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;
