import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrands, useChannels, useDeleteBrand } from './api/omnichannel.ts';
import { BrandForm } from './brand-form.tsx';
import { ChannelEditor } from './channel-editor.tsx';
import { TriageSections } from './triage-sections.tsx';
import { Inbox } from './inbox.tsx';
import { TemplatesEditor } from './templates-editor.tsx';

function Channels({ brandId }: { brandId: string }) {
  const { t } = useTranslation('omnichannel');
  const channels = useChannels(brandId);
  return (
    <section className="grid gap-3" aria-labelledby="omnichannel-channels">
      <h2 id="omnichannel-channels" className="text-lg font-semibold">
        {t('channels')}
      </h2>
      {(channels.data ?? []).map((channel) => (
        <ChannelEditor key={channel.channelId} brandId={brandId} channel={channel} />
      ))}
      <ChannelEditor key={`new-${channels.data?.length ?? 0}`} brandId={brandId} />
    </section>
  );
}

/** /omnichannel: brands, their inbox, reply templates and channels (admin only). */
export default function OmnichannelPage() {
  const { t } = useTranslation('omnichannel');
  const brands = useBrands();
  const remove = useDeleteBrand();
  // null: the new-brand form; a brand's id: that brand.
  const [selected, setSelected] = useState<string | null>(null);
  const brand = brands.data?.find((b) => b.brandId === selected) ?? null;

  return (
    <section
      className="mx-auto flex max-w-6xl flex-col gap-4 p-4"
      aria-labelledby="omnichannel-title"
    >
      <header>
        <h1 id="omnichannel-title" className="text-2xl font-bold">
          {t('title')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <nav aria-label={t('brands')} className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">{t('brands')}</h2>
          {brands.isError ? (
            <p role="alert" className="text-danger">
              {t('loadFailed')}
            </p>
          ) : null}
          {brands.data?.length === 0 ? <p className="text-muted">{t('noBrands')}</p> : null}
          <ul className="flex flex-col gap-1">
            {(brands.data ?? []).map((b) => (
              <li key={b.brandId}>
                <button
                  type="button"
                  className={b.brandId === selected ? 'btn-primary w-full' : 'btn-outline w-full'}
                  aria-current={b.brandId === selected ? 'true' : undefined}
                  onClick={() => setSelected(b.brandId)}
                >
                  {b.name}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn-outline" onClick={() => setSelected(null)}>
            {t('newBrand')}
          </button>
        </nav>
        <div className="flex flex-col gap-6">
          <BrandForm key={brand?.brandId ?? 'new'} brand={brand} onSaved={setSelected} />
          {brand ? (
            <>
              <button
                type="button"
                className="btn-outline self-start"
                disabled={remove.isPending}
                onClick={() => {
                  if (!window.confirm(t('confirmDeleteBrand'))) return;
                  remove.mutate(brand.brandId, { onSuccess: () => setSelected(null) });
                }}
              >
                {t('deleteBrand')}
              </button>
              <Inbox key={brand.brandId} brandId={brand.brandId} />
              <TemplatesEditor key={`templates-${brand.brandId}`} brandId={brand.brandId} />
              <Channels brandId={brand.brandId} />
              <TriageSections brandId={brand.brandId} />
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
