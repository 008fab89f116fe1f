import { syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { basicSetup } from 'codemirror';
import { codehubHighlightStyle } from './highlight-style.ts';
import { loadLanguageSupport } from './language-support.ts';

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '14px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  // Colours come from the page (the shadow root inherits colour), not CodeMirror's light theme.
  '.cm-gutters': {
    backgroundColor: 'transparent',
    color: 'inherit',
    opacity: '0.6',
    border: 'none',
  },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'rgba(127, 127, 127, 0.12)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': {
    backgroundColor: 'rgba(97, 175, 239, 0.3)',
  },
  '.cm-cursor': { borderLeftColor: 'currentColor' },
});

export interface MountedEditor {
  view: EditorView;
  /** Loads the grammar of `language` and applies it; the returned function cancels that. */
  setLanguage: (language: string) => () => void;
  unmount: () => void;
}

/**
 * CodeMirror 6 (issue 13) in an open shadow root of `host`: there CodeMirror's styles go to
 * adoptedStyleSheets; in the document they would be a <style> element, which the CSP
 * (style-src 'self', no nonces) refuses (decision 201). `classHighlighter` adds stable `tok-*`
 * classes besides the default colours, so the styles and tests can name a highlighted token.
 * The grammar starts empty and arrives with `setLanguage`.
 */
export function mountCodeMirror(
  host: HTMLElement,
  { doc, label, extensions }: { doc: string; label: string; extensions: Extension[] },
): MountedEditor {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const parent = document.createElement('div');
  parent.style.height = '100%';
  root.append(parent);
  const languageSlot = new Compartment();
  const view = new EditorView({
    root,
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        basicSetup,
        syntaxHighlighting(codehubHighlightStyle),
        syntaxHighlighting(classHighlighter),
        theme,
        languageSlot.of([]),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        ...extensions,
      ],
    }),
  });
  return {
    view,
    setLanguage(language) {
      let current = true;
      void loadLanguageSupport(language).then((support) => {
        if (current) view.dispatch({ effects: languageSlot.reconfigure(support) });
      });
      return () => {
        current = false;
      };
    },
    unmount() {
      view.destroy();
      parent.remove();
    },
  };
}
