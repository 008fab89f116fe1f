import { useQuery } from '@tanstack/react-query';
import { Loader2, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '#client/components/ui/modal-dialog.tsx';
import { showToast } from '#client/components/ui/toast-store.ts';
import { useUser } from '#client/lib/api/get-user.ts';
import { LoginRequired } from '#client/components/login-required.tsx';
import { personaName, personasQueryOptions } from '#client/lib/api/get-personas.ts';
import { useDeletePersona } from '#client/features/personas/api/persona-mutations.ts';
import { PersonaForm } from '#client/features/personas/form/persona-form.tsx';
import type { PersonaFormMode } from '#client/features/personas/form/persona-form-model.ts';
import { PersonaCard, type PersonaActions } from '#client/features/personas/persona-card.tsx';
import { UpgradeCard } from '#client/features/personas/upgrade-card.tsx';
import { settingsQueryOptions } from '#client/lib/api/get-settings.ts';
import { useUpdateSettings } from '#client/lib/api/update-settings.ts';
import { classifyError } from '#client/lib/errors.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import { notifySuccess } from '#client/lib/notify.ts';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';
import type { Persona } from '#shared/personas/persona-schemas.ts';

interface Editing {
  mode: PersonaFormMode;
  persona: Persona | null;
}

const FORM_TITLE = {
  create: 'form.createTitle',
  edit: 'form.editTitle',
  translations: 'form.translationsTitle',
} as const;

function PersonaList({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation('personas');
  const personas = useQuery(personasQueryOptions(user.id));
  const settings = useQuery(settingsQueryOptions(user.id));
  const updateSettings = useUpdateSettings(user.id);
  const remove = useDeletePersona();
  const [editing, setEditing] = useState<Editing | null>(null);
  // Custom personas are for an active subscription or administrators (docs/decisions/003).
  const canManage = user.isAdmin || user.isSubscribed;
  const list = personas.data ?? [];
  const defaultId =
    list.find((persona) => persona.id === Number(settings.data?.defaultPersona))?.id ??
    list.find((persona) => persona.isDefault)?.id ??
    list[0]?.id;
  const failure = (key: string, error: unknown) =>
    showToast({
      title: i18n.t('common:errorTitle.default'),
      description: t(key, { reason: classifyError(error).message }),
      variant: 'destructive',
    });

  const actions: PersonaActions = {
    setDefault: (persona) =>
      updateSettings.mutate(
        { defaultPersona: persona.id },
        {
          onSuccess: () =>
            notifySuccess(t('toast.defaultSet', { name: personaName(persona, currentLanguage()) })),
          onError: (error) => failure('errors.setDefault', error),
        },
      ),
    edit: (persona) => setEditing({ mode: 'edit', persona }),
    editTranslations: (persona) => setEditing({ mode: 'translations', persona }),
    remove: (persona) => {
      const name = personaName(persona, currentLanguage());
      if (!window.confirm(t('confirmDelete', { name }))) return;
      remove.mutate(persona.id, {
        onSuccess: () => notifySuccess(t('toast.deleted', { name })),
        onError: (error) => failure('errors.delete', error),
      });
    },
  };

  if (personas.isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted">
        <Loader2 size={20} className="animate-spin" aria-hidden="true" />
        {t('loading')}
      </p>
    );
  }
  if (personas.isError) {
    return (
      <p role="alert" className="text-red-400">
        {t('loadError')}
      </p>
    );
  }

  return (
    <>
      {canManage ? (
        <button
          type="button"
          className="btn-primary self-start"
          onClick={() => setEditing({ mode: 'create', persona: null })}
        >
          <Plus size={18} aria-hidden="true" />
          {t('actions.create')}
        </button>
      ) : (
        <UpgradeCard />
      )}
      <div className="grid gap-4 sm:grid-cols-2" data-testid="persona-list">
        {list.map((persona) => (
          <PersonaCard
            key={persona.id}
            persona={persona}
            isDefault={persona.id === defaultId}
            canManage={canManage}
            busy={remove.isPending || updateSettings.isPending}
            actions={actions}
          />
        ))}
      </div>
      <ModalDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        title={editing ? t(FORM_TITLE[editing.mode]) : ''}
        closeLabel={t('form.cancel')}
        testId="persona-dialog"
        shouldKeepEdits
      >
        {editing ? (
          <PersonaForm
            key={`${editing.mode}-${editing.persona?.id ?? 'new'}`}
            persona={editing.persona}
            mode={editing.mode}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </ModalDialog>
    </>
  );
}

/** /personas (spec 01-core §2, §6): the personas the user may use, in the interface language. */
export default function PersonasPage() {
  const { t } = useTranslation('personas');
  const { user } = useUser();
  if (!user) return <LoginRequired title={t('title')} text={t('loginRequired')} />;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-8 md:px-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      <PersonaList user={user} />
    </div>
  );
}
