import { useTranslation } from 'react-i18next';
import { ModalDialog } from '#client/components/ui/modal-dialog.tsx';
import { SearchPanel } from '#client/features/search/search-panel.tsx';

/**
 * The search across all conversations as a modal dialog. Loaded on first open; every opening
 * starts with an empty query; following a hit closes it.
 */
export default function SearchDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('history');
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('search.title')}
      closeLabel={t('search.close')}
      testId="search-dialog"
    >
      <SearchPanel userId={userId} autoFocus onNavigate={() => onOpenChange(false)} />
    </ModalDialog>
  );
}
