import {
  APPEARANCE_DEFAULTS,
  FONT_SIZE_PX,
  normalizeAccentColor,
} from '#shared/settings/settings-options.ts';
import type { AccentColor, FontSize, Theme } from '#shared/settings/settings-schemas.ts';
import { isNativeApp } from '#client/lib/api-base.ts';

export interface Appearance {
  theme: Theme;
  accentColor: AccentColor;
  fontSize: FontSize;
  animationsEnabled: boolean;
}

const STORAGE_KEY = 'orbit.appearance';
/** In the native app the root font size is 110 % (spec 01-core §2). */
const NATIVE_SCALE = 1.1;

export const DEFAULT_APPEARANCE: Appearance = { ...APPEARANCE_DEFAULTS };

/**
 * Spec 01-core §4: classic and dunkel (and dark) look dark, system follows the device, any other
 * value is light.
 */
export function resolveTheme(theme: string, prefersDark: boolean): 'dark' | 'light' {
  if (theme === 'classic' || theme === 'dunkel' || theme === 'dark') return 'dark';
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return 'light';
}

export function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * How a list moves to a new message that arrives while the reader is scrolled up (spec 01-core §4:
 * it glides): a jump for those who turned transition animations off or ask for reduced motion.
 */
export function glideBehavior(): 'auto' | 'smooth' {
  const animationsOff = document.documentElement.classList.contains('no-animations');
  return animationsOff || prefersReducedMotion() ? 'auto' : 'smooth';
}

function prefersDark(): boolean {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? true;
}

/** Puts the appearance on <html>: theme class, accent, root font size, motion flag. */
export function applyAppearance(appearance: Appearance) {
  const root = document.documentElement;
  const look = resolveTheme(appearance.theme, prefersDark());
  root.classList.toggle('dark', look === 'dark');
  root.classList.toggle('light', look === 'light');
  root.style.colorScheme = look;
  root.dataset.accent = normalizeAccentColor(appearance.accentColor);
  root.dataset.fontSize = appearance.fontSize;
  root.dataset.theme = appearance.theme;
  const px = FONT_SIZE_PX[appearance.fontSize] ?? FONT_SIZE_PX.medium;
  root.style.fontSize = `${isNativeApp() ? px * NATIVE_SCALE : px}px`;
  root.classList.toggle('no-animations', !appearance.animationsEnabled);
}

/** The last applied appearance, so the first paint after a reload already looks right. */
export function readStoredAppearance(): Appearance {
  try {
    const stored = JSON.parse(
      localStorage.getItem(STORAGE_KEY) ?? 'null',
    ) as Partial<Appearance> | null;
    return { ...DEFAULT_APPEARANCE, ...(stored ?? {}) };
  } catch {
    return DEFAULT_APPEARANCE;
  }
}

export function storeAppearance(appearance: Appearance) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(appearance));
  } catch {
    // Private mode without storage: the server copy (signed in) or the defaults still apply.
  }
}
