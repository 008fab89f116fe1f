import { Annotation, EditorState, Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useCurrent } from '../use-current.ts';
import { mountCodeMirror, type MountedEditor } from './mount-code-mirror.ts';

interface CodeEditorProps {
  /**
   * The text to show: the user's draft, else the file's saved text. The user's typing comes back
   * here unchanged; any other text (newer on the server) replaces the editor's. Remount (key) to
   * open another file.
   */
  doc: string;
  language: string;
  readOnly: boolean;
  label: string;
  onChange: (doc: string) => void;
}

/** Marks the editor taking `doc`: that is no edit of the user's. */
const fromProps = Annotation.define<boolean>();

/** A project file in CodeMirror (issue 13); `onChange` hears every edit of the user's. */
export function CodeEditor({ doc, language, readOnly, label, onChange }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MountedEditor | null>(null);
  const onChangeRef = useCurrent(onChange);

  useEffect(() => {
    const mounted = mountCodeMirror(host.current!, {
      doc,
      label,
      extensions: [
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !update.transactions.some((tr) => tr.annotation(fromProps))) {
            onChangeRef.current(update.state.doc.toString());
          }
        }),
      ],
    });
    editor.current = mounted;
    return () => {
      mounted.unmount();
      editor.current = null;
    };
    // The editor is made once per mount (and role); a new `doc` goes in by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readOnly]);

  // A layout effect runs with the render, before another keystroke can change the editor: a
  // `doc` that differs from the editor's text is never the user's typing running behind.
  useLayoutEffect(() => {
    const view = editor.current?.view;
    if (!view || view.state.doc.toString() === doc) return;
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: doc },
      annotations: [fromProps.of(true), Transaction.addToHistory.of(false)],
    });
  }, [doc]);

  useEffect(() => editor.current?.setLanguage(language), [language, readOnly]);

  return (
    <div
      ref={host}
      role="group"
      aria-label={label}
      className="h-full min-h-[24rem] overflow-hidden rounded-md border"
    />
  );
}
