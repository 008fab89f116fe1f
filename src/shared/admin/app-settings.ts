import { z } from 'zod';

/**
 * Settings an administrator changes at run time (issue 12 "settings", decision 121). Each key
 * has its schema and default here; the server keeps the stored values in `app_settings` and every
 * instance sees a change within 30 s (src/server/app-settings). Add a setting by adding a key.
 */
export const AppSettingsSchema = z.object({
  /** Whether new accounts may be created (POST /api/auth/register). */
  registrationOpen: z.boolean(),
  /** Everyone but administrators gets 503 from the API while this is on. */
  maintenanceMode: z.boolean(),
  /** Whether administrators may open users' conversations (always audited, with a reason). */
  adminConversationAccess: z.boolean(),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;
export type AppSettingKey = keyof AppSettings;

export const APP_SETTING_DEFAULTS: AppSettings = {
  registrationOpen: true,
  maintenanceMode: false,
  adminConversationAccess: true,
};

/** A change of some settings; keys not named keep their value. */
export const AppSettingsPatchSchema = AppSettingsSchema.partial();
export type AppSettingsPatch = z.infer<typeof AppSettingsPatchSchema>;
