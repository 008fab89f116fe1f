import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '#client/lib/http.ts';
import type { Brand, BrandInput } from '#shared/omnichannel/omnichannel-schemas.ts';
import { useSaveBrand } from './api/omnichannel.ts';

const TEXT_FIELDS = [
  'description',
  'logo',
  'voice',
  'signatureEmail',
  'signatureChat',
  'legalDisclaimer',
] as const;

function initial(brand: Brand | null): BrandInput {
  return {
    name: brand?.name ?? '',
    description: brand?.description ?? null,
    logo: brand?.logo ?? null,
    primaryColor: brand?.primaryColor ?? null,
    voice: brand?.voice ?? null,
    signatureEmail: brand?.signatureEmail ?? null,
    signatureChat: brand?.signatureChat ?? null,
    legalDisclaimer: brand?.legalDisclaimer ?? null,
    autoReplyEnabled: brand?.autoReplyEnabled ?? true,
    maxAutopilotAmount: brand?.maxAutopilotAmount ?? '1000.00',
    maxDiscountPercent: brand?.maxDiscountPercent ?? '5.00',
    slaResponseMinutes: brand?.slaResponseMinutes ?? 120,
    isActive: brand?.isActive ?? true,
  };
}

/** Create or edit a brand: its voice, signatures and the limits the AI must keep to. */
export function BrandForm({
  brand,
  onSaved,
}: {
  brand: Brand | null;
  onSaved: (id: string) => void;
}) {
  const { t } = useTranslation('omnichannel');
  const [input, setInput] = useState(() => initial(brand));
  const save = useSaveBrand();
  const set = <K extends keyof BrandInput>(key: K, value: BrandInput[K]) =>
    setInput((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await save
      .mutateAsync({ ...(brand ? { brandId: brand.brandId } : {}), input })
      .catch(() => null);
    if (saved) onSaved(saved.brandId);
  }

  const error =
    save.error instanceof HttpError ? save.error.message : save.error ? t('saveFailed') : null;
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => void submit(event)}
      aria-label={t('brandForm')}
    >
      <label className="flex flex-col gap-1 text-sm">
        {t('fields.name')}
        <input
          className="field-input"
          required
          value={input.name}
          onChange={(event) => set('name', event.target.value)}
        />
      </label>
      {TEXT_FIELDS.map((field) => (
        <label key={field} className="flex flex-col gap-1 text-sm">
          {t(`fields.${field}`)}
          <textarea
            className="field-input"
            rows={field === 'voice' || field === 'legalDisclaimer' ? 3 : 1}
            value={input[field] ?? ''}
            onChange={(event) => set(field, event.target.value || null)}
          />
        </label>
      ))}
      <label className="flex flex-col gap-1 text-sm">
        {t('fields.primaryColor')}
        <input
          className="field-input"
          placeholder="#1a2b3c"
          value={input.primaryColor ?? ''}
          onChange={(event) => set('primaryColor', event.target.value || null)}
        />
      </label>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm">
          {t('fields.maxAutopilotAmount')}
          <input
            className="field-input"
            inputMode="decimal"
            value={input.maxAutopilotAmount}
            onChange={(event) => set('maxAutopilotAmount', event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('fields.maxDiscountPercent')}
          <input
            className="field-input"
            inputMode="decimal"
            value={input.maxDiscountPercent}
            onChange={(event) => set('maxDiscountPercent', event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('fields.slaResponseMinutes')}
          <input
            className="field-input"
            type="number"
            min={1}
            value={input.slaResponseMinutes}
            onChange={(event) => set('slaResponseMinutes', Number(event.target.value))}
          />
        </label>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={input.autoReplyEnabled}
          onChange={(event) => set('autoReplyEnabled', event.target.checked)}
        />
        {t('fields.autoReplyEnabled')}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={input.isActive}
          onChange={(event) => set('isActive', event.target.checked)}
        />
        {t('fields.isActive')}
      </label>
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {brand ? t('saveBrand') : t('createBrand')}
      </button>
    </form>
  );
}
