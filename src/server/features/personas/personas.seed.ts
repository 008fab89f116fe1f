import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { personas } from '#server/db/schema/personas.ts';
import { BUILTIN_PERSONAS, type BuiltinPersona } from './builtin-personas.ts';

function toRow(persona: BuiltinPersona): typeof personas.$inferInsert {
  const { en, de, zh, mk, sq, ko } = persona;
  return {
    builtinKey: persona.key,
    icon: persona.icon,
    color: persona.color,
    isDefault: persona.isDefault,
    language: 'en',
    userId: null,
    ...en,
    nameDe: de.name,
    nameZh: zh.name,
    nameMk: mk.name,
    nameSq: sq.name,
    nameKo: ko.name,
    descriptionDe: de.description,
    descriptionZh: zh.description,
    descriptionMk: mk.description,
    descriptionSq: sq.description,
    descriptionKo: ko.description,
    systemPromptDe: de.systemPrompt,
    systemPromptZh: zh.systemPrompt,
    systemPromptMk: mk.systemPrompt,
    systemPromptSq: sq.systemPrompt,
    systemPromptKo: ko.systemPrompt,
  };
}

/** Columns the seed owns: text and look of a built-in follow the code, so fixes reach old installs. */
const SEEDED_COLUMNS = [
  'name',
  'description',
  'systemPrompt',
  'icon',
  'color',
  'isDefault',
  'language',
  'nameDe',
  'nameZh',
  'nameMk',
  'nameSq',
  'nameKo',
  'descriptionDe',
  'descriptionZh',
  'descriptionMk',
  'descriptionSq',
  'descriptionKo',
  'systemPromptDe',
  'systemPromptZh',
  'systemPromptMk',
  'systemPromptSq',
  'systemPromptKo',
] as const satisfies readonly (keyof typeof personas.$inferInsert)[];

const fromExcluded = Object.fromEntries(
  SEEDED_COLUMNS.map((column) => [column, sql.raw(`excluded.${personas[column].name}`)]),
);

/**
 * Inserts missing built-in personas and refreshes existing ones by builtinKey; idempotent.
 * One multi-row insert in list order, so on a fresh database Persona42 gets id 1.
 * Rows whose seeded columns already match are left untouched (no write on a normal start).
 */
export async function seedPersonas(db: Executor) {
  const changed = sql.join(
    SEEDED_COLUMNS.map((column) => {
      const name = sql.raw(personas[column].name);
      return sql`${personas}.${name} is distinct from excluded.${name}`;
    }),
    sql` or `,
  );
  await db
    .insert(personas)
    .values(BUILTIN_PERSONAS.map(toRow))
    .onConflictDoUpdate({
      target: personas.builtinKey,
      set: { ...fromExcluded, updatedAt: sql`now()` },
      setWhere: changed,
    });
}
