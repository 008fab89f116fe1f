import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '#client/lib/clipboard.ts';

/**
 * The tag a brand pastes into its website (README: "Website chat widget"); without the visitor
 * pair where the channel accepts anonymous visitors (decision 287).
 */
export const widgetSnippet = (origin: string, channelId: string, anonymous = false) =>
  `<script src="${origin}/widget.js" data-channel="${channelId}"${
    anonymous ? '' : ' data-visitor="VISITOR_ID" data-signature="HMAC_SHA256_HEX"'
  } async></script>`;

/**
 * A website widget channel's embed code, to copy, with what the brand's server must fill in:
 * the visitor's id and its signature under the channel's HMAC key (decisions 285, 287).
 */
export function WidgetSnippet({ channelId, anonymous }: { channelId: string; anonymous: boolean }) {
  const { t } = useTranslation('omnichannel');
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const snippet = widgetSnippet(window.location.origin, channelId, anonymous);
  return (
    <div className="grid gap-1 text-sm">
      <label className="flex flex-col gap-1">
        {t('widget.snippet')}
        <textarea className="field-input font-mono text-xs" readOnly rows={3} value={snippet} />
      </label>
      <p className="text-muted">
        {t(anonymous ? 'widget.snippetAnonymousHint' : 'widget.snippetHint')}
      </p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="btn-outline"
          onClick={() => void copyText(snippet).then((ok) => setCopied(ok ? 'copied' : 'failed'))}
        >
          {t('widget.copy')}
        </button>
        <span aria-live="polite">
          {copied === 'copied'
            ? t('widget.copied')
            : copied === 'failed'
              ? t('widget.copyFailed')
              : ''}
        </span>
      </div>
    </div>
  );
}
