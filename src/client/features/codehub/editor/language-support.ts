import { StreamLanguage, type StreamParser } from '@codemirror/language';
import type { Extension } from '@codemirror/state';

/**
 * Syntax highlighting per language (issue 13: more than 20). Each grammar is its own chunk,
 * loaded when a file of that language is opened: Lezer grammars where CodeMirror has one,
 * the legacy stream modes for the rest.
 */
const legacy = async (load: () => Promise<StreamParser<unknown>>) =>
  StreamLanguage.define(await load());

const LOADERS: Record<string, () => Promise<Extension>> = {
  javascript: async () => (await import('@codemirror/lang-javascript')).javascript({ jsx: true }),
  typescript: async () =>
    (await import('@codemirror/lang-javascript')).javascript({ typescript: true, jsx: true }),
  python: async () => (await import('@codemirror/lang-python')).python(),
  html: async () => (await import('@codemirror/lang-html')).html(),
  css: async () => (await import('@codemirror/lang-css')).css(),
  json: async () => (await import('@codemirror/lang-json')).json(),
  markdown: async () => (await import('@codemirror/lang-markdown')).markdown(),
  sql: async () => (await import('@codemirror/lang-sql')).sql(),
  java: async () => (await import('@codemirror/lang-java')).java(),
  c: async () => (await import('@codemirror/lang-cpp')).cpp(),
  cpp: async () => (await import('@codemirror/lang-cpp')).cpp(),
  rust: async () => (await import('@codemirror/lang-rust')).rust(),
  php: async () => (await import('@codemirror/lang-php')).php(),
  go: async () => (await import('@codemirror/lang-go')).go(),
  yaml: async () => (await import('@codemirror/lang-yaml')).yaml(),
  xml: async () => (await import('@codemirror/lang-xml')).xml(),
  csharp: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/clike')).csharp),
  kotlin: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/clike')).kotlin),
  scala: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/clike')).scala),
  ruby: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/ruby')).ruby),
  swift: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/swift')).swift),
  shell: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/shell')).shell),
  lua: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/lua')).lua),
  perl: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/perl')).perl),
  r: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/r')).r),
  haskell: () =>
    legacy(async () => (await import('@codemirror/legacy-modes/mode/haskell')).haskell),
};

/** The languages with highlighting (a test checks every template language is among them). */
export const HIGHLIGHTED_LANGUAGES = Object.keys(LOADERS);

/** The language's highlighting, or nothing for plain text. */
export async function loadLanguageSupport(language: string): Promise<Extension> {
  const load = LOADERS[language];
  return load ? load() : [];
}
