import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '#client/lib/http.ts';
import { notifyError } from '#client/lib/notify.ts';
import type { BrandCollection } from './api/omnichannel-rules.ts';
import { InputField } from './form-fields.tsx';

/** The server's message of a failed save (it names the invalid field), else a generic one. */
function saveErrorText(error: unknown, fallback: string) {
  return error instanceof HttpError ? error.message : error ? fallback : null;
}

/**
 * One of a brand's collections (ACL policies, escalation rules, knowledge): its entries, each
 * with an active switch and a delete button, and the form that adds one. The texts come from
 * the `omnichannelRules` namespace under `kind` (title, intro, new, add).
 */
export function CollectionSection<
  Item extends { id: number; isActive: boolean },
  Input extends { isActive: boolean },
>({
  kind,
  brandId,
  collection,
  query,
  search,
  empty,
  summary,
  details,
  nameLabel,
  newInput,
  onSaved,
  children,
}: {
  kind: 'acl' | 'escalation' | 'knowledge';
  brandId: string;
  collection: BrandCollection<Item, Input>;
  /** The list's query string (`?q=…`), if any. */
  query?: string;
  /** Shown between the intro and the list (the knowledge search). */
  search?: ReactNode;
  /** Shown when the list has loaded empty. */
  empty?: string;
  summary: (item: Item) => ReactNode;
  /** Shown below an entry's line. */
  details?: (item: Item) => ReactNode;
  /** The label of the form's first field, the entry's name (or title). */
  nameLabel: string;
  /** The new entry from its name and the form's other fields. */
  newInput: (name: string) => NoInfer<Input>;
  /** Clears the form's other fields once the entry is saved. */
  onSaved: () => void;
  /** The form's fields after the name. */
  children: ReactNode;
}) {
  const { t } = useTranslation('omnichannelRules');
  const items = collection.useList(brandId, query);
  const save = collection.useSave(brandId);
  // Apart from `save`: a failed switch is no failure of the form that adds an entry.
  const toggle = collection.useSave(brandId);
  const remove = collection.useDelete(brandId);
  const headingId = `omnichannel-${kind}`;
  const [name, setName] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await save.mutateAsync({ input: newInput(name) }).catch(() => null);
    if (saved) {
      setName('');
      onSaved();
    }
  }

  const error = saveErrorText(save.error, t('saveFailed'));
  return (
    <section className="grid gap-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        {t(`${kind}.title`)}
      </h3>
      <p className="text-sm text-muted">{t(`${kind}.intro`)}</p>
      {search}
      {empty && items.data?.length === 0 ? <p className="text-muted">{empty}</p> : null}
      <ul className={details ? 'grid gap-2' : 'grid gap-1'}>
        {(items.data ?? []).map((item) => (
          <li key={item.id} className="grid gap-1 rounded border border-border p-2">
            <div className="flex flex-wrap items-center gap-2">
              {summary(item)}
              <label className="ml-auto flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={item.isActive}
                  disabled={toggle.isPending}
                  onChange={(event) =>
                    toggle.mutate(
                      { id: item.id, input: { isActive: event.target.checked } as Partial<Input> },
                      { onError: (failure) => notifyError(failure) },
                    )
                  }
                />
                {t('active')}
              </label>
              <button
                type="button"
                className="btn-outline"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(t('confirmDelete'))) remove.mutate(item.id);
                }}
              >
                {t('delete')}
              </button>
            </div>
            {details?.(item)}
          </li>
        ))}
      </ul>
      <form
        className="grid gap-2 rounded border border-border p-3 md:grid-cols-2"
        aria-label={t(`${kind}.new`)}
        onSubmit={(event) => void submit(event)}
      >
        <InputField
          label={nameLabel}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        {children}
        {error ? (
          <p role="alert" className="text-danger md:col-span-2">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary justify-self-start" disabled={save.isPending}>
          {t(`${kind}.add`)}
        </button>
      </form>
    </section>
  );
}
