import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '#client/lib/clipboard.ts';

const COPIED_MS = 2000;

/** Copies one value; says 'Copied' for two seconds, or 'Failed to copy' (spec 02 §8). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('crypto');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      className="btn-outline min-h-9 shrink-0 px-3 text-sm"
      onClick={() => void copyText(value).then((ok) => setState(ok ? 'copied' : 'failed'))}
    >
      {state === 'copied' ? (
        <Check size={16} aria-hidden="true" />
      ) : (
        <Copy size={16} aria-hidden="true" />
      )}
      <span aria-live="polite">
        {state === 'copied'
          ? t('wallet.copied')
          : state === 'failed'
            ? t('wallet.copyFailed')
            : label}
      </span>
    </button>
  );
}
