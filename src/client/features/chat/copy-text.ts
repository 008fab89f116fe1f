import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '#client/components/ui/toast-store.ts';

/** Spec 01-core §4 "Copy": the button shows a checkmark for 2 seconds. */
export const COPIED_MS = 2000;

/** The pre-Clipboard-API way: select a hidden text area and run the copy command. */
function copyLegacy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  // The copy command copies the focused selection.
  area.focus();
  area.select();
  try {
    // Deprecated, but the only way left where the Clipboard API is missing or refused.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}

/** Clipboard API first (needs a secure context and permission), then the legacy method. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator.clipboard?.writeText === 'function') {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused or unavailable: fall through to the legacy method.
  }
  return copyLegacy(text);
}

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
