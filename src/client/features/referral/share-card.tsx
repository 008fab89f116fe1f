import { Copy, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '#client/components/ui/toast-store.ts';
import { notifySuccess } from '#client/lib/notify.ts';

async function copy(text: string, copied: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(copied);
  } catch {
    showToast({ title: failed, variant: 'destructive' });
  }
}

/** The own code and the share link: copy either, or hand the link to the device's share sheet. */
export function ShareCard({ code, shareLink }: { code: string; shareLink: string }) {
  const { t } = useTranslation('referral');
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({
        title: t('share.title'),
        text: t('share.text', { code }),
        url: shareLink,
      });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        await copy(shareLink, t('share.linkCopied'), t('share.copyFailed'));
      }
    }
  };
  return (
    <section aria-labelledby="referral-own" className="card flex flex-col gap-4">
      <h2 id="referral-own" className="text-xl font-semibold">
        {t('share.heading')}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-muted">{t('share.code')}</span>
        <code
          data-testid="referral-code"
          className="rounded-lg bg-surface-2 px-3 py-1 font-mono text-lg tracking-widest"
        >
          {code}
        </code>
        <button
          type="button"
          className="btn-outline min-h-9 py-1"
          onClick={() => void copy(code, t('share.codeCopied'), t('share.copyFailed'))}
        >
          <Copy size={16} aria-hidden="true" />
          {t('share.copyCode')}
        </button>
      </div>
      <label className="flex flex-col gap-1">
        <span className="text-muted">{t('share.link')}</span>
        <input
          readOnly
          value={shareLink}
          data-testid="referral-link"
          className="field-input font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          onClick={() => void copy(shareLink, t('share.linkCopied'), t('share.copyFailed'))}
        >
          <Copy size={16} aria-hidden="true" />
          {t('share.copyLink')}
        </button>
        {canShare ? (
          <button type="button" className="btn-outline" onClick={() => void share()}>
            <Share2 size={16} aria-hidden="true" />
            {t('share.share')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
