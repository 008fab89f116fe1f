import { z } from 'zod';

/** A positive EUR amount per coin as a decimal string (money is never a float here). */
export const EurRateSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, { error: 'A rate is a decimal number such as 58000.50' })
  .refine((value) => /[1-9]/.test(value), { error: 'A rate must be above zero' });

/** A wallet address as text; its checksum is checked by the server (crypto-addresses.ts). */
const WalletSchema = z.string().trim().min(1).max(120);

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
  /**
   * The model of users who have not chosen one (null: the built-in default). The server checks
   * it is a model of the catalogue.
   */
  defaultModel: z.string().trim().min(1).max(100).nullable(),
  /** Our wallets for crypto payments; they override CRYPTO_BTC_ADDRESS / CRYPTO_ETH_ADDRESS. */
  cryptoBtcAddress: WalletSchema.nullable(),
  cryptoEthAddress: WalletSchema.nullable(),
  /** EUR per coin, used when CRYPTO_RATES_URL is not set. */
  cryptoRateBtcEur: EurRateSchema.nullable(),
  cryptoRateEthEur: EurRateSchema.nullable(),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;
export type AppSettingKey = keyof AppSettings;

export const APP_SETTING_DEFAULTS: AppSettings = {
  registrationOpen: true,
  maintenanceMode: false,
  adminConversationAccess: true,
  defaultModel: null,
  cryptoBtcAddress: null,
  cryptoEthAddress: null,
  cryptoRateBtcEur: null,
  cryptoRateEthEur: null,
};

/** A change of some settings; keys not named keep their value, null returns a key to its default. */
export const AppSettingsPatchSchema = AppSettingsSchema.partial().strict();
export type AppSettingsPatch = z.infer<typeof AppSettingsPatchSchema>;

/** The settings as a file (export), and what an import accepts: the same shape. */
export const AppSettingsFileSchema = z
  .object({
    format: z.literal('orbit-chat-settings'),
    version: z.literal(1),
    exportedAt: z.iso.datetime().optional(),
    settings: z.record(z.string(), z.unknown()),
  })
  .strict();
export type AppSettingsFile = z.infer<typeof AppSettingsFileSchema>;

/** What the web app may know before anyone signs in (GET /api/app-config). */
export const AppConfigSchema = z.object({
  registrationOpen: z.boolean(),
  maintenanceMode: z.boolean(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
