import { Copy, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedApiKey } from '#shared/api-keys/api-key-schemas.ts';

/** The new key, shown this once (only its hash is kept), with a copy button and the warning. */
export function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('apiKeys');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(created.key).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <section
      aria-labelledby="api-key-created"
      className="card flex flex-col gap-3 border-2 border-accent"
    >
      <h2 id="api-key-created" className="text-lg font-semibold">
        {t('created.title', { name: created.name })}
      </h2>
      <p className="flex items-start gap-2 rounded-md bg-surface-2 p-3 text-sm" role="note">
        <TriangleAlert size={18} className="mt-0.5 shrink-0 text-danger" aria-hidden="true" />
        {t('created.warning')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="new-api-key"
          className="min-w-0 flex-1 rounded-md bg-surface-2 px-3 py-2 font-mono text-sm break-all"
        >
          {created.key}
        </code>
        <button type="button" className="btn-outline" onClick={copy}>
          <Copy size={16} aria-hidden="true" />
          {t('created.copy')}
        </button>
      </div>
      <p aria-live="polite" className="text-sm text-muted">
        {copied === 'yes'
          ? t('created.copied')
          : copied === 'failed'
            ? t('created.copyFailed')
            : ''}
      </p>
      <button type="button" className="btn-primary self-start" onClick={onDone}>
        {t('created.done')}
      </button>
    </section>
  );
}
