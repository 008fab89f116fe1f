import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '#client/components/ui/toast-store.ts';
import { copyText } from '#client/lib/clipboard.ts';

/** Spec 01-core §4 "Copy": the button shows a checkmark for 2 seconds. */
export const COPIED_MS = 2000;

/** Copy with the spec's feedback: checkmark for 2 s and a toast, or 'Fehler beim Kopieren'. */
export function useCopy(successKey: 'copy.success' | 'code.copied' = 'copy.success') {
  const { t } = useTranslation('messages');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(
    async (text: string) => {
      if (await copyText(text)) {
        setCopied(true);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPIED_MS);
        showToast({ title: t(successKey) });
      } else {
        showToast({ title: t('copy.failed'), variant: 'destructive' });
      }
    },
    [t, successKey],
  );

  return { copied, copy };
}
