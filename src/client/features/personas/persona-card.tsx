import { Languages, MessageSquare, Pencil, Star, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { personaDescription, personaName } from '#client/lib/api/get-personas.ts';
import { PersonaIcon } from '#client/features/personas/persona-icon.tsx';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { CustomPersona, PersonaListItem } from '#shared/personas/persona-schemas.ts';

export interface PersonaActions {
  setDefault: (persona: PersonaListItem) => void;
  edit: (persona: CustomPersona) => void;
  editTranslations: (persona: CustomPersona) => void;
  remove: (persona: CustomPersona) => void;
}

/**
 * One persona in the interface language: icon in its colour, name and description; use it in a
 * new chat (`/chat?persona=id`, preselected in the input bar) or make it the default; a
 * subscriber's own personas can be edited, translated and deleted.
 */
export function PersonaCard({
  persona,
  isDefault,
  canManage,
  busy,
  actions,
}: {
  persona: PersonaListItem;
  isDefault: boolean;
  canManage: boolean;
  busy: boolean;
  actions: PersonaActions;
}) {
  const { t } = useTranslation('personas');
  const language = currentLanguage();
  const name = personaName(persona, language);
  return (
    <article aria-label={name} className="card flex flex-col gap-3 p-5">
      <div className="flex items-start gap-3">
        <PersonaIcon icon={persona.icon} color={persona.color} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold">{name}</h2>
          <p className="flex flex-wrap gap-1 text-xs">
            {isDefault ? (
              <span className="rounded-full bg-accent-strong px-2 py-0.5 text-white">
                {t('badge.default')}
              </span>
            ) : null}
            {persona.isCustom ? (
              <span className="rounded-full border border-line px-2 py-0.5 text-muted">
                {t('badge.custom')}
              </span>
            ) : null}
          </p>
        </div>
      </div>
      <p className="flex-1 text-sm text-muted">{personaDescription(persona, language)}</p>
      <div className="flex flex-wrap gap-2">
        <Link
          to={`/chat?persona=${persona.id}`}
          className="btn-primary min-h-9 px-3 text-sm"
          aria-label={t('actions.useLabel', { name })}
        >
          <MessageSquare size={16} aria-hidden="true" />
          {t('actions.use')}
        </Link>
        {isDefault ? null : (
          <button
            type="button"
            className="btn-outline min-h-9 px-3 text-sm"
            disabled={busy}
            aria-label={t('actions.setDefaultLabel', { name })}
            onClick={() => actions.setDefault(persona)}
          >
            <Star size={16} aria-hidden="true" />
            {t('actions.setDefault')}
          </button>
        )}
      </div>
      {persona.isCustom && canManage ? (
        <div className="flex flex-wrap gap-1 border-t border-line pt-3">
          <button
            type="button"
            className="btn-ghost min-h-9 px-2 text-sm"
            aria-label={t('actions.editLabel', { name })}
            onClick={() => actions.edit(persona)}
          >
            <Pencil size={16} aria-hidden="true" />
            {t('actions.edit')}
          </button>
          <button
            type="button"
            className="btn-ghost min-h-9 px-2 text-sm"
            aria-label={t('actions.translationsLabel', { name })}
            onClick={() => actions.editTranslations(persona)}
          >
            <Languages size={16} aria-hidden="true" />
            {t('actions.translations')}
          </button>
          <button
            type="button"
            className="btn-ghost min-h-9 px-2 text-sm hover:text-red-400"
            disabled={busy}
            aria-label={t('actions.deleteLabel', { name })}
            onClick={() => actions.remove(persona)}
          >
            <Trash2 size={16} aria-hidden="true" />
            {t('actions.delete')}
          </button>
        </div>
      ) : null}
    </article>
  );
}
