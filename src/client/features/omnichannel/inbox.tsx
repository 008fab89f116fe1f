import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm, type FilterValues } from '#client/components/ui/filter-form.tsx';
import { useUser } from '#client/lib/api/get-user.ts';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { EscalationNotice } from '#shared/omnichannel/escalation-notice-schemas.ts';
import { INBOUND_STATUSES } from '#shared/omnichannel/inbox-schemas.ts';
import { URGENCIES } from '#shared/omnichannel/triage-schemas.ts';
import { useInbox, useInboxLive } from './api/inbox.ts';
import { useChannels } from './api/omnichannel.ts';
import { EscalationNotices } from './escalation-notices.tsx';
import { ThreadView } from './thread-view.tsx';

/**
 * The brand's inbox: its threads newest first with filters and search, the chosen thread beside
 * them; changes arrive live (useInboxLive).
 */
export function Inbox({ brandId }: { brandId: string }) {
  const { t } = useTranslation('omnichannel');
  const [filters, setFilters] = useState<FilterValues>({});
  const [selected, setSelected] = useState<string | null>(null);
  const channels = useChannels(brandId);
  const list = useInbox({ ...filters, brandId });
  const language = currentLanguage();
  const { user } = useUser();
  // Escalations that name this administrator, newest first, one per thread, until opened.
  const [notices, setNotices] = useState<EscalationNotice[]>([]);
  useInboxLive(brandId, (notice) => {
    if (notice.userId !== user?.id) return;
    setNotices((current) => [
      notice,
      ...current.filter((other) => other.threadKey !== notice.threadKey),
    ]);
  });
  const open = (threadKey: string) => {
    setSelected(threadKey);
    setNotices((current) => current.filter((notice) => notice.threadKey !== threadKey));
  };

  const any = { value: '', label: t('inbox.any') };
  return (
    <section className="grid gap-3" aria-labelledby="omnichannel-inbox">
      <h2 id="omnichannel-inbox" className="text-lg font-semibold">
        {t('inbox.title')}
      </h2>
      <EscalationNotices notices={notices} onOpen={open} onDismiss={() => setNotices([])} />
      <FilterForm
        role="search"
        submitLabel={t('inbox.apply')}
        onApply={setFilters}
        fields={[
          { name: 'q', label: t('inbox.search'), type: 'search' },
          {
            name: 'channelId',
            label: t('inbox.channel'),
            options: [
              any,
              ...(channels.data ?? []).map((c) => ({
                value: c.channelId,
                label: `${t(`types.${c.channelType}`)} · ${c.channelIdentifier}`,
              })),
            ],
          },
          {
            name: 'status',
            label: t('inbox.status'),
            options: [
              any,
              ...INBOUND_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
            ],
          },
          {
            name: 'urgency',
            label: t('inbox.urgency'),
            options: [any, ...URGENCIES.map((u) => ({ value: u, label: t(`urgencies.${u}`) }))],
          },
          { name: 'intent', label: t('inbox.intent') },
          {
            name: 'assignee',
            label: t('inbox.assignee'),
            options: [
              any,
              { value: 'me', label: t('inbox.assignedToMe') },
              { value: 'none', label: t('inbox.unassigned') },
            ],
          },
          {
            name: 'escalatedTo',
            label: t('inbox.escalated'),
            options: [any, { value: 'me', label: t('inbox.escalatedToMe') }],
          },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
        <div className="flex flex-col gap-2">
          {list.isError ? (
            <p role="alert" className="text-danger">
              {t('inbox.loadFailed')}
            </p>
          ) : null}
          {!list.isLoading && list.items.length === 0 ? (
            <p className="text-muted">{t('inbox.empty')}</p>
          ) : null}
          <ul className="flex flex-col gap-1" aria-label={t('inbox.threads')}>
            {list.items.map((m) => (
              <li key={m.threadKey}>
                <button
                  type="button"
                  aria-current={m.threadKey === selected ? 'true' : undefined}
                  className={`w-full rounded border p-2 text-left ${
                    m.threadKey === selected ? 'border-primary' : 'border-border'
                  }`}
                  onClick={() => open(m.threadKey)}
                >
                  <span className="flex justify-between gap-2 text-sm">
                    <span className="font-semibold">{m.senderName ?? m.senderIdentifier}</span>
                    <span className="text-muted">{t(`types.${m.channelType}`)}</span>
                  </span>
                  <span className="block truncate text-sm">{m.content}</span>
                  <span className="flex justify-between gap-2 text-xs text-muted">
                    <span>
                      {[
                        t(`statuses.${m.status}`),
                        m.urgency ? t(`urgencies.${m.urgency}`, { defaultValue: m.urgency }) : null,
                        m.intent,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                    <span>
                      {formatDate(m.createdAt, language)} {formatTime(m.createdAt)}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {list.hasMore ? (
            <button
              type="button"
              className="btn-outline"
              disabled={list.isLoadingMore}
              onClick={list.loadMore}
            >
              {t('inbox.more')}
            </button>
          ) : null}
        </div>
        {selected ? (
          <ThreadView key={selected} brandId={brandId} threadKey={selected} />
        ) : (
          <p className="text-muted">{t('inbox.choose')}</p>
        )}
      </div>
    </section>
  );
}
