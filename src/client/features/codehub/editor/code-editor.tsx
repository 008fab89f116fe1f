import { syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { useCurrent } from '../use-current.ts';
import { codehubHighlightStyle } from './highlight-style.ts';
import { loadLanguageSupport } from './language-support.ts';

interface CodeEditorProps {
  /** The text the editor starts with; remount (key) to open another file. */
  initialDoc: string;
  language: string;
  readOnly: boolean;
  label: string;
  onChange: (doc: string) => void;
}

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

/**
 * CodeMirror 6 (issue 13). `classHighlighter` adds stable `tok-*` classes besides the default
 * colours, so the styles and tests can name a highlighted token.
 */
export function CodeEditor({ initialDoc, language, readOnly, label, onChange }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());
  const onChangeRef = useCurrent(onChange);

  useEffect(() => {
    // In a shadow root CodeMirror's styles go to adoptedStyleSheets; in the document they would
    // be a <style> element, which the CSP (style-src 'self', no nonces) refuses. Decision 201.
    const root = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    const parent = document.createElement('div');
    parent.style.height = '100%';
    root.append(parent);
    const created = new EditorView({
      root,
      parent,
      state: EditorState.create({
        doc: initialDoc,
        extensions: [
          basicSetup,
          syntaxHighlighting(codehubHighlightStyle),
          syntaxHighlighting(classHighlighter),
          theme,
          languageSlot.current.of([]),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      parent.remove();
      view.current = null;
    };
    // The document is set once per mount; the parent remounts for another file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readOnly]);

  useEffect(() => {
    let current = true;
    void loadLanguageSupport(language).then((support) => {
      if (current) view.current?.dispatch({ effects: languageSlot.current.reconfigure(support) });
    });
    return () => {
      current = false;
    };
  }, [language, readOnly]);

  return (
    <div
      ref={host}
      role="group"
      aria-label={label}
      className="h-full min-h-[24rem] overflow-hidden rounded-md border"
    />
  );
}
