import { syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { ySync, ySyncFacet, YSyncConfig } from 'y-codemirror.next';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { codehubHighlightStyle } from '../editor/highlight-style.ts';
import { loadLanguageSupport } from '../editor/language-support.ts';
import { remoteSelections } from './remote-selections.ts';

interface LiveEditorProps {
  text: Y.Text;
  awareness: Awareness;
  language: string;
  readOnly: boolean;
  label: string;
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '14px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
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
 * CodeMirror bound to a file's Y.Text (y-codemirror.next's sync) with the others' cursors, in a
 * shadow root like the project editor (decision 201). Read-only for a viewer; a role change
 * reconfigures the open editor. The server refuses a viewer's changes anyway (decision 231).
 */
export function LiveEditor({ text, awareness, language, readOnly, label }: LiveEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());
  const editable = useRef(new Compartment());

  useEffect(() => {
    const root = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    const parent = document.createElement('div');
    parent.style.height = '100%';
    root.append(parent);
    const created = new EditorView({
      root,
      parent,
      state: EditorState.create({
        doc: text.toJSON(),
        extensions: [
          basicSetup,
          syntaxHighlighting(codehubHighlightStyle),
          syntaxHighlighting(classHighlighter),
          theme,
          languageSlot.current.of([]),
          // Locked until the effect below applies the role (on every mount and role change).
          editable.current.of([EditorState.readOnly.of(true), EditorView.editable.of(false)]),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          ySyncFacet.of(new YSyncConfig(text, awareness)),
          ySync,
          remoteSelections,
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      parent.remove();
      view.current = null;
    };
  }, [text, awareness, label]);

  useEffect(() => {
    view.current?.dispatch({
      effects: editable.current.reconfigure([
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
      ]),
    });
  }, [readOnly, text, awareness, label]);

  useEffect(() => {
    let current = true;
    void loadLanguageSupport(language).then((support) => {
      if (current) view.current?.dispatch({ effects: languageSlot.current.reconfigure(support) });
    });
    return () => {
      current = false;
    };
  }, [language, text]);

  return (
    <div
      ref={host}
      role="group"
      aria-label={label}
      data-readonly={readOnly ? 'true' : 'false'}
      className="h-full min-h-[24rem] overflow-hidden rounded-md border"
    />
  );
}
