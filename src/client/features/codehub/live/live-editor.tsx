import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { ySync, ySyncFacet, YSyncConfig } from 'y-codemirror.next';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { mountCodeMirror, type MountedEditor } from '../editor/mount-code-mirror.ts';
import { remoteSelections } from './remote-selections.ts';

interface LiveEditorProps {
  text: Y.Text;
  awareness: Awareness;
  language: string;
  readOnly: boolean;
  label: string;
}

/**
 * CodeMirror bound to a file's Y.Text (y-codemirror.next's sync) with the others' cursors, in a
 * shadow root like the project editor (decision 201). Read-only for a viewer; a role change
 * reconfigures the open editor. The server refuses a viewer's changes anyway (decision 231).
 */
export function LiveEditor({ text, awareness, language, readOnly, label }: LiveEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MountedEditor | null>(null);
  const editable = useRef(new Compartment());

  useEffect(() => {
    const mounted = mountCodeMirror(host.current!, {
      doc: text.toJSON(),
      label,
      extensions: [
        // Locked until the effect below applies the role (on every mount and role change).
        editable.current.of([EditorState.readOnly.of(true), EditorView.editable.of(false)]),
        ySyncFacet.of(new YSyncConfig(text, awareness)),
        ySync,
        remoteSelections,
      ],
    });
    editor.current = mounted;
    return () => {
      mounted.unmount();
      editor.current = null;
    };
  }, [text, awareness, label]);

  useEffect(() => {
    editor.current?.view.dispatch({
      effects: editable.current.reconfigure([
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
      ]),
    });
  }, [readOnly, text, awareness, label]);

  // On every mount too (the same inputs as the effect that mounts), so a new editor gets its grammar.
  useEffect(() => editor.current?.setLanguage(language), [language, text, awareness, label]);

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
