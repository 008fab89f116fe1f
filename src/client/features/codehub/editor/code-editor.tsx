import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { useCurrent } from '../use-current.ts';
import { mountCodeMirror, type MountedEditor } from './mount-code-mirror.ts';

interface CodeEditorProps {
  /** The text the editor starts with; remount (key) to open another file. */
  initialDoc: string;
  language: string;
  readOnly: boolean;
  label: string;
  onChange: (doc: string) => void;
}

/** A project file in CodeMirror (issue 13); `onChange` hears every edit. */
export function CodeEditor({ initialDoc, language, readOnly, label, onChange }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MountedEditor | null>(null);
  const onChangeRef = useCurrent(onChange);

  useEffect(() => {
    const mounted = mountCodeMirror(host.current!, {
      doc: initialDoc,
      label,
      extensions: [
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChangeRef.current(update.state.doc.toString());
        }),
      ],
    });
    editor.current = mounted;
    return () => {
      mounted.unmount();
      editor.current = null;
    };
    // The document is set once per mount; the parent remounts for another file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readOnly]);

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
