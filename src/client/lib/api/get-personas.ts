import { queryOptions } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';
import type { PersonaListItem } from '#shared/personas/persona-schemas.ts';

/** GET /api/personas: only when signed in (spec 01-core §7). */
export const personasQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: ['personas', userId],
    queryFn: async () => (await getJson('/api/personas', (s) => s.PersonaListSchema)) ?? [],
    enabled: userId !== null,
  });

const NAME_FIELD = {
  de: 'nameDe',
  zh: 'nameZh',
  mk: 'nameMk',
  sq: 'nameSq',
  ko: 'nameKo',
} as const satisfies Partial<Record<Language, keyof PersonaListItem>>;

/** The persona's name in the interface language when a translation exists (spec 01-core §2). */
export function personaName(persona: PersonaListItem, language: Language): string {
  if (language === 'en' || language === persona.language) return persona.name;
  return persona[NAME_FIELD[language]] ?? persona.name;
}

const DESCRIPTION_FIELD = {
  de: 'descriptionDe',
  zh: 'descriptionZh',
  mk: 'descriptionMk',
  sq: 'descriptionSq',
  ko: 'descriptionKo',
} as const satisfies Partial<Record<Language, keyof PersonaListItem>>;

/** The persona's description in the interface language when a translation exists. */
export function personaDescription(persona: PersonaListItem, language: Language): string {
  if (language === 'en' || language === persona.language) return persona.description;
  return persona[DESCRIPTION_FIELD[language]] ?? persona.description;
}
