import type { Executor } from '#server/db/client.ts';
import { forbidden, invalid, notFound } from '#shared/errors/app-error.ts';
import { hasPremiumPersonaAccess, type PersonaUser } from '#shared/personas/persona-access.ts';
import {
  DEFAULT_PERSONA_COLOR,
  DEFAULT_PERSONA_ICON,
  PERSONA_MESSAGES,
  TRANSLATION_FIELDS,
  type CreatePersona,
  type Persona,
  type PersonaListItem,
  type TranslationField,
  type UpdatePersona,
} from '#shared/personas/persona-schemas.ts';
import {
  deleteOwnPersona,
  findPersona,
  insertPersona,
  listPersonasFor,
  updateOwnPersona,
  type PersonaRow,
} from './personas.queries.ts';

function toPersona(row: PersonaRow): Persona {
  const translations = Object.fromEntries(TRANSLATION_FIELDS.map((field) => [field, row[field]]));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    systemPrompt: row.systemPrompt,
    icon: row.icon,
    color: row.color,
    isDefault: row.isDefault,
    isCustom: row.userId !== null,
    userId: row.userId,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    ...(translations as Record<TranslationField, string | null>),
  };
}

/** A built-in persona is listed without its system prompts (decision 303). */
function toListItem(row: PersonaRow): PersonaListItem {
  const persona = toPersona(row);
  if (row.userId !== null) return { ...persona, isCustom: true };
  const {
    systemPrompt: _prompt,
    systemPromptDe: _de,
    systemPromptZh: _zh,
    systemPromptMk: _mk,
    systemPromptSq: _sq,
    systemPromptKo: _ko,
    ...listed
  } = persona;
  return { ...listed, isCustom: false };
}

export async function listPersonas(db: Executor, user: PersonaUser): Promise<PersonaListItem[]> {
  const rows = await listPersonasFor(db, user.id, hasPremiumPersonaAccess(user));
  return rows.map(toListItem);
}

/** Custom personas are for an active paid subscription or administrators (spec 01-core §6). */
function requirePersonaManager(user: PersonaUser) {
  if (!hasPremiumPersonaAccess(user)) {
    throw forbidden('Custom personas require an active subscription');
  }
}

/**
 * The user's own custom persona. A persona of another user answers 404, as if it did not
 * exist (its existence is not revealed); a built-in one answers 403 for everyone, admins
 * included, because the seed owns its texts and would overwrite any edit.
 */
async function requireOwnPersona(db: Executor, user: PersonaUser, id: number) {
  const persona = await findPersona(db, id);
  if (!persona || (persona.userId !== null && persona.userId !== user.id)) {
    throw notFound('Persona not found');
  }
  if (persona.userId === null) throw forbidden('Built-in personas cannot be changed');
  return persona;
}

export async function createPersona(db: Executor, user: PersonaUser, input: CreatePersona) {
  requirePersonaManager(user);
  const row = await insertPersona(db, {
    ...input,
    icon: input.icon ?? DEFAULT_PERSONA_ICON,
    color: input.color ?? DEFAULT_PERSONA_COLOR,
    userId: user.id,
    isDefault: false,
  });
  return toPersona(row);
}

export async function updatePersona(
  db: Executor,
  user: PersonaUser,
  id: number,
  input: UpdatePersona,
) {
  requirePersonaManager(user);
  const persona = await requireOwnPersona(db, user, id);
  const { translationOnly, ...fields } = input;
  const changes = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<Omit<PersonaRow, 'id'>>;

  if (translationOnly) {
    // Translation mode (spec 01-core §2, §5): saving unchanged translations is refused.
    const changed = Object.entries(changes).some(
      ([field, value]) => persona[field as TranslationField] !== value,
    );
    if (!changed)
      throw invalid(PERSONA_MESSAGES.noChanges, { _: [PERSONA_MESSAGES.noTranslationChanges] });
  } else if (Object.keys(changes).length === 0) {
    throw invalid(PERSONA_MESSAGES.noChanges, { _: ['Give at least one field to change'] });
  }

  const row = await updateOwnPersona(db, id, user.id, changes);
  if (!row) throw notFound('Persona not found');
  return toPersona(row);
}

export async function deletePersona(db: Executor, user: PersonaUser, id: number) {
  requirePersonaManager(user);
  await requireOwnPersona(db, user, id);
  if (!(await deleteOwnPersona(db, id, user.id))) throw notFound('Persona not found');
}
