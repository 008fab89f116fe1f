import { loadCatalogue } from '#server/ai/model-catalogue.ts';
import type { AppSettingsStore } from '#server/app-settings/app-settings.ts';
import type { AuditActor } from '#server/audit/audit.ts';
import type { Database } from '#server/db/client.ts';
import { isBitcoinAddress, isEthereumAddress } from '#server/payments/crypto-addresses.ts';
import {
  AppSettingsPatchSchema,
  AppSettingsSchema,
  type AppSettingsFile,
  type AppSettingsPatch,
} from '#shared/admin/app-settings.ts';
import { invalid, type FieldErrors } from '#shared/errors/app-error.ts';

/**
 * The rules a setting's schema cannot check alone: the default model must be in the catalogue
 * (enabled), and wallet addresses must pass their checksums (crypto-addresses.ts), so a typo
 * never reaches a buyer.
 */
export async function requireValidSettings(db: Database, patch: AppSettingsPatch) {
  const errors: FieldErrors = {};
  if (patch.defaultModel) {
    const model = (await loadCatalogue(db)).get(patch.defaultModel);
    if (!model?.enabled) {
      errors.defaultModel = [`No enabled model with the id '${patch.defaultModel}'`];
    }
  }
  if (patch.cryptoBtcAddress && !isBitcoinAddress(patch.cryptoBtcAddress)) {
    errors.cryptoBtcAddress = ['Not a Bitcoin mainnet address'];
  }
  if (patch.cryptoEthAddress && !isEthereumAddress(patch.cryptoEthAddress)) {
    errors.cryptoEthAddress = ['Not an Ethereum address'];
  }
  if (Object.keys(errors).length > 0) {
    throw invalid(`Invalid ${Object.keys(errors).join(', ')}`, errors);
  }
}

export async function updateSettings(
  db: Database,
  store: AppSettingsStore,
  actor: AuditActor,
  patch: AppSettingsPatch,
) {
  await requireValidSettings(db, patch);
  return store.update(actor, patch);
}

/** Every setting, as a file an import takes back. Provider keys are secrets, not settings. */
export function exportSettings(store: AppSettingsStore): AppSettingsFile {
  return {
    format: 'orbit-chat-settings',
    version: 1,
    exportedAt: new Date().toISOString(),
    settings: store.current(),
  };
}

/**
 * Applies an exported file: a key this version does not know is refused by name (400) rather
 * than dropped, so a file from another version or a typo is noticed; the rest is checked as a
 * change would be and applied in one audited step (`settings.import`).
 */
export async function importSettings(
  db: Database,
  store: AppSettingsStore,
  actor: AuditActor,
  file: AppSettingsFile,
) {
  const known = new Set(Object.keys(AppSettingsSchema.shape));
  const unknown = Object.keys(file.settings).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw invalid(`Unknown settings: ${unknown.join(', ')}`, {
      settings: unknown.map((key) => `Unknown setting '${key}'`),
    });
  }
  const parsed = AppSettingsPatchSchema.safeParse(file.settings);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'settings');
      (errors[field] ??= []).push(issue.message);
    }
    throw invalid(`Invalid ${Object.keys(errors).join(', ')}`, errors);
  }
  await requireValidSettings(db, parsed.data);
  return store.update(actor, parsed.data, 'settings.import');
}
