/** POST /api/register's refusal while an administrator has closed registration (403). */
export const REGISTRATION_CLOSED =
  'Registration is closed. New accounts cannot be created at the moment.';
