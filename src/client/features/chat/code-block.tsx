import { Check, Copy } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from './copy-text.ts';

/** The highlighted version of one code text, fetched with its grammar when first needed. */
function useHighlighted(code: string, language: string | null) {
  const [result, setResult] = useState<{ code: string; nodes: ReactNode[] } | null>(null);
  useEffect(() => {
    if (!language) return;
    let current = true;
    import('./code-highlight.ts')
      .then(({ highlightCode }) => highlightCode(code, language))
      .then((nodes) => {
        if (current && nodes) setResult({ code, nodes });
      })
      // Highlighting is decoration: when a chunk fails to load the plain code stays.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [code, language]);
  return result?.code === code ? result.nodes : null;
}

/** A fenced code block of a reply: language label, copy button, highlighting on demand. */
export function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const { t } = useTranslation('messages');
  const { copied, copy } = useCopy('code.copied');
  const highlighted = useHighlighted(code, language);
  return (
    <div className="overflow-hidden rounded-lg border border-line bg-bg" data-code-block>
      <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-1 text-xs text-muted">
        <span>{language ?? t('code.language')}</span>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded px-2 py-1 hover:bg-surface-2 hover:text-fg"
          onClick={() => void copy(code)}
          aria-label={copied ? t('code.copied') : t('code.copy')}
        >
          {copied ? (
            <Check aria-hidden className="size-3.5" />
          ) : (
            <Copy aria-hidden className="size-3.5" />
          )}
          <span aria-hidden>{copied ? t('actions.copied') : t('actions.copy')}</span>
        </button>
      </div>
      {/* Focusable, so a keyboard can scroll a long line into view (it scrolls sideways). */}
      <pre
        tabIndex={0}
        aria-label={language ? `${t('code.language')}: ${language}` : t('code.language')}
        className="overflow-x-auto p-3 text-sm"
      >
        <code className={language ? `hljs language-${language}` : undefined}>
          {highlighted ?? code}
        </code>
      </pre>
    </div>
  );
}
