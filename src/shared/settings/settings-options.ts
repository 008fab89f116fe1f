/**
 * Option lists of the settings (spec 01-core §3/§4/§9 and 02 §9) as plain constants, without zod,
 * so the web app's first screen can use them without loading the schema library.
 */

export const THEMES = ['light', 'classic', 'dark', 'system', 'dunkel', 'hell'] as const;
export type ThemeOption = (typeof THEMES)[number];

/** Union of both spec lists: purple, blue, pink, green, amber and the screen's teal, orange. */
export const ACCENT_COLORS = [
  'purple',
  'blue',
  'pink',
  'green',
  'amber',
  'teal',
  'orange',
] as const;
export type AccentColorOption = (typeof ACCENT_COLORS)[number];

/** Hex codes that name an accent (Tailwind 500 and 600 shades; violet-500 was the old purple). */
export const ACCENT_COLOR_HEX: Record<AccentColorOption, readonly string[]> = {
  purple: ['#a855f7', '#9333ea', '#8b5cf6'],
  blue: ['#3b82f6', '#2563eb'],
  pink: ['#ec4899', '#db2777'],
  green: ['#22c55e', '#16a34a'],
  amber: ['#f59e0b', '#d97706'],
  teal: ['#14b8a6', '#0d9488'],
  orange: ['#f97316', '#ea580c'],
};

export const FALLBACK_ACCENT_COLOR: AccentColorOption = 'purple';

/** A name or known hex becomes its accent name; anything else falls back to purple (spec §4). */
export function normalizeAccentColor(value: string): AccentColorOption {
  const input = value.trim().toLowerCase();
  for (const name of ACCENT_COLORS) {
    if (name === input || ACCENT_COLOR_HEX[name].includes(input)) return name;
  }
  return FALLBACK_ACCENT_COLOR;
}

export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export type FontSizeOption = (typeof FONT_SIZES)[number];
export const FONT_SIZE_PX: Record<FontSizeOption, number> = { small: 14, medium: 16, large: 18 };

export const RESPONSE_LENGTHS = ['concise', 'balanced', 'detailed'] as const;

/** Interface languages; German is the fallback (spec 01-core §1, §9). */
export const LANGUAGES = ['de', 'en', 'zh', 'mk', 'sq', 'ko'] as const;
export type LanguageOption = (typeof LANGUAGES)[number];

/** Stored appearance defaults (spec 01-core §3); theme 'dunkel' per docs/decisions/002-default-theme.md. */
export const APPEARANCE_DEFAULTS = {
  theme: 'dunkel',
  accentColor: 'purple',
  fontSize: 'medium',
  animationsEnabled: true,
} as const;
