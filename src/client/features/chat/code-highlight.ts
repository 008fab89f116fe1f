import type { LanguageFn } from 'highlight.js';
import { createLowlight } from 'lowlight';
import { createElement, type ReactNode } from 'react';
import './code-highlight.css';

/**
 * Syntax highlighting for code blocks, loaded only when a reply contains one (spec 01-core §2:
 * "code blocks (loaded on demand)"). Each grammar is its own small chunk, fetched on first use.
 * lowlight gives a tree of spans, rendered as React elements: no HTML strings are ever inserted.
 */
type Loader = () => Promise<{ default: LanguageFn }>;

const GRAMMARS: Record<string, Loader> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  go: () => import('highlight.js/lib/languages/go'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  php: () => import('highlight.js/lib/languages/php'),
  python: () => import('highlight.js/lib/languages/python'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  'c++': 'cpp',
  cs: 'csharp',
  docker: 'dockerfile',
  golang: 'go',
  toml: 'ini',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  md: 'markdown',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  ts: 'typescript',
  tsx: 'typescript',
  html: 'xml',
  svg: 'xml',
  yml: 'yaml',
};

const lowlight = createLowlight();

/** The grammar name for a fence's language tag, or null when we have none for it. */
export function grammarName(language: string): string | null {
  const name = ALIASES[language.toLowerCase()] ?? language.toLowerCase();
  return Object.hasOwn(GRAMMARS, name) ? name : null;
}

interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  properties?: { className?: unknown };
  children: HastNode[];
}
type HastNode = HastText | HastElement | { type: 'comment' | 'doctype' };

function toReact(nodes: HastNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.type === 'text') return node.value;
    if (node.type !== 'element') return null;
    const className = node.properties?.className;
    return createElement(
      'span',
      { key: index, className: Array.isArray(className) ? className.join(' ') : undefined },
      ...toReact(node.children),
    );
  });
}

/** Highlighted code as React nodes; null when the language is unknown (shown as plain text). */
export async function highlightCode(code: string, language: string): Promise<ReactNode[] | null> {
  const name = grammarName(language);
  if (!name) return null;
  if (!lowlight.registered(name)) {
    const grammar = await GRAMMARS[name]!();
    lowlight.register(name, grammar.default);
  }
  return toReact(lowlight.highlight(name, code).children);
}
