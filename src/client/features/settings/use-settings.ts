import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useUser } from '#client/lib/api/get-user.ts';
import { settingsQueryOptions } from '#client/lib/api/get-settings.ts';
import { useUpdateSettings } from '#client/lib/api/update-settings.ts';
import {
  applyAppearance,
  readStoredAppearance,
  storeAppearance,
  type Appearance,
} from '#client/lib/appearance.ts';
import { currentLanguage, i18n } from '#client/lib/i18n.ts';
import { normalizeAccentColor } from '#shared/settings/settings-options.ts';
import type { Language, Settings, UpdateSettingsInput } from '#shared/settings/settings-schemas.ts';

/** Guests keep their look in this browser only; signed-in users on the server (spec §7). */
let localAppearance = readStoredAppearance();
const listeners = new Set<() => void>();
function setLocalAppearance(next: Appearance) {
  localAppearance = next;
  storeAppearance(next);
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function appearanceOf(settings: Settings): Appearance {
  return {
    theme: settings.theme,
    accentColor: normalizeAccentColor(settings.accentColor),
    fontSize: settings.fontSize,
    animationsEnabled: settings.animationsEnabled,
  };
}

const APPEARANCE_KEYS = ['theme', 'accentColor', 'fontSize', 'animationsEnabled'] as const;

/**
 * The settings in force: the server's for a signed-in user, this browser's for a guest.
 * `update` changes one field, applies it at once and, signed in, PATCHes it (spec 01-core §2).
 */
export function useSettings() {
  const { user } = useUser();
  const userId = user?.id ?? null;
  const settingsQuery = useQuery(settingsQueryOptions(userId));
  const mutation = useUpdateSettings(userId);
  const local = useSyncExternalStore(subscribe, () => localAppearance);
  const settings = userId !== null ? settingsQuery.data : undefined;
  const appearance = settings ? appearanceOf(settings) : local;

  const update = useCallback(
    (patch: UpdateSettingsInput) => {
      const appearancePatch = Object.fromEntries(
        APPEARANCE_KEYS.filter((key) => patch[key] !== undefined).map((key) => [key, patch[key]]),
      ) as Partial<Appearance>;
      if (Object.keys(appearancePatch).length > 0) {
        setLocalAppearance({ ...localAppearance, ...appearancePatch });
      }
      if (patch.language) void i18n.changeLanguage(patch.language);
      if (userId !== null) mutation.mutate(patch);
    },
    [mutation, userId],
  );

  return {
    user,
    settings,
    isLoading: userId !== null && settingsQuery.isLoading,
    appearance,
    language: currentLanguage(),
    update,
  };
}

/**
 * Keeps <html> in step with the settings in force, and lets a stored language override the
 * detected one (spec 01-core §4 "a stored language overrides the interface language").
 */
export function useApplySettings() {
  const { settings, appearance } = useSettings();

  useEffect(() => {
    applyAppearance(appearance);
    if (settings) storeAppearance(appearance);
  }, [appearance, settings]);

  useEffect(() => {
    const stored: Language | undefined = settings?.language;
    if (stored && stored !== currentLanguage()) void i18n.changeLanguage(stored);
  }, [settings?.language]);

  // "system" follows the device while the page is open.
  useEffect(() => {
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!media || appearance.theme !== 'system') return;
    const onChange = () => applyAppearance(appearance);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [appearance]);
}
