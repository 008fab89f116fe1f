import { useTranslation } from 'react-i18next';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { OmnichannelMessage } from '#shared/omnichannel/omnichannel-schemas.ts';
import { useBrandMessages } from './api/omnichannel.ts';

/** The brand's latest messages, newest first (triage and replies come with the inbox). */
export function BrandMessages({ brandId }: { brandId: string }) {
  const { t } = useTranslation('omnichannel');
  const list = useBrandMessages(brandId);
  const language = currentLanguage();
  const columns: Column<OmnichannelMessage>[] = [
    {
      key: 'time',
      header: t('messages.time'),
      cell: (m) => `${formatDate(m.createdAt, language)} ${formatTime(m.createdAt)}`,
    },
    { key: 'channel', header: t('messages.channel'), cell: (m) => t(`types.${m.channelType}`) },
    {
      key: 'sender',
      header: t('messages.sender'),
      cell: (m) => (m.senderName ? `${m.senderName} (${m.senderIdentifier})` : m.senderIdentifier),
    },
    { key: 'content', header: t('messages.content'), cell: (m) => m.content },
    { key: 'status', header: t('messages.status'), cell: (m) => m.status },
  ];
  return (
    <PagedTable label={t('messages.title')} columns={columns} list={list} rowKey={(m) => m.id} />
  );
}
