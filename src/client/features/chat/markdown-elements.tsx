import type {
  Definition,
  FootnoteDefinition,
  List,
  ListItem,
  Nodes,
  Parents,
  RootContent,
} from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { createElement, Fragment, type ReactElement, type ReactNode } from 'react';

/** The protocols GitHub's sanitizer allows in links: the web, mail and chat addresses. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'irc:', 'ircs:', 'xmpp:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);
/** GitHub's prefix for ids in user content (spec 01-core §9), so a reply cannot clobber page ids. */
export const CLOBBER_PREFIX = 'user-content-';

/**
 * Spec 01-core §9 link and image safety: links only http, https, mailto and the few chat
 * protocols above, or a jump within the reply (#… footnotes); images only http/https. Anything
 * else (javascript:, data:, relative tricks) becomes no address at all.
 */
export function safeUrl(url: string, key: 'href' | 'src'): string {
  const allowed = key === 'src' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS;
  if (key === 'href' && url.startsWith('#')) return url;
  try {
    return allowed.has(new URL(url).protocol) ? url : '';
  } catch {
    return '';
  }
}

/** The elements a reply's own components draw: each gets only the props listed here. */
export interface MarkdownComponents {
  link: (props: { href: string; title?: string; children: ReactNode }) => ReactNode;
  image: (props: { src: string; alt: string; title?: string }) => ReactNode;
  code: (props: { code: string; language: string | null }) => ReactNode;
  table: (props: { children: ReactNode }) => ReactNode;
  footnotes: (props: { children: ReactNode }) => ReactNode;
  backReference: (props: { href: string; number: number }) => ReactNode;
}

interface State {
  components: MarkdownComponents;
  definitions: Map<string, Definition>;
  notes: Map<string, FootnoteDefinition>;
  /** Footnote identifiers in the order of their first reference: the numbers readers see. */
  noteOrder: string[];
  /** References made so far per footnote: the second gets the id `fnref-x-2`. */
  noteReferences: Map<string, number>;
}

const noteId = (identifier: string) => encodeURIComponent(identifier.toLowerCase());

/** A list item's paragraphs are unwrapped in a tight list, as GitHub renders them. */
const isLoose = (list: List) => Boolean(list.spread) || list.children.some((item) => item.spread);

function children(parent: Parents, state: State, tight = false): ReactNode[] {
  return parent.children.map((child, index) => node(child, state, String(index), tight));
}

function listItem(item: ListItem, state: State, key: string, tight: boolean): ReactElement {
  const content = children(item, state, tight);
  if (typeof item.checked !== 'boolean') return createElement('li', { key }, content);
  const box = createElement('input', {
    key: 'box',
    type: 'checkbox',
    checked: item.checked,
    disabled: true,
    readOnly: true,
  });
  return createElement('li', { key, className: 'task-list-item' }, [box, ' ', ...content]);
}

/**
 * One mdast node as React elements. Only the node types below become elements, each with the
 * props it is given here: raw HTML nodes are dropped (never parsed into elements), every text is
 * escaped by React, and addresses pass safeUrl. So the output is sanitized by construction.
 */
function node(current: Nodes | RootContent, state: State, key: string, tight = false): ReactNode {
  const { components } = state;
  switch (current.type) {
    case 'root':
      return createElement(Fragment, { key }, children(current, state));
    case 'text':
      return current.value;
    case 'paragraph':
      return tight
        ? createElement(Fragment, { key }, children(current, state))
        : createElement('p', { key }, children(current, state));
    case 'heading':
      return createElement(`h${current.depth}`, { key }, children(current, state));
    case 'thematicBreak':
      return createElement('hr', { key });
    case 'break':
      return createElement('br', { key });
    case 'blockquote':
      return createElement('blockquote', { key }, children(current, state));
    case 'list': {
      const tasks = current.children.some((item) => typeof item.checked === 'boolean');
      const loose = isLoose(current);
      return createElement(
        current.ordered ? 'ol' : 'ul',
        {
          key,
          ...(current.ordered && current.start !== null && current.start !== 1
            ? { start: current.start }
            : {}),
          ...(tasks ? { className: 'contains-task-list' } : {}),
        },
        current.children.map((item, index) => listItem(item, state, String(index), !loose)),
      );
    }
    case 'listItem':
      return listItem(current, state, key, tight);
    case 'emphasis':
      return createElement('em', { key }, children(current, state));
    case 'strong':
      return createElement('strong', { key }, children(current, state));
    case 'delete':
      return createElement('del', { key }, children(current, state));
    case 'inlineCode':
      return createElement('code', { key }, current.value);
    case 'code':
      return createElement(components.code, {
        key,
        code: current.value,
        language: current.lang ?? null,
      });
    case 'link':
      return link(current.url, current.title, children(current, state), state, key);
    case 'linkReference': {
      const definition = state.definitions.get(current.identifier);
      const content = children(current, state);
      return definition
        ? link(definition.url, definition.title, content, state, key)
        : createElement(Fragment, { key }, content);
    }
    case 'image':
      return image(current.url, current.alt, current.title, state, key);
    case 'imageReference': {
      const definition = state.definitions.get(current.identifier);
      return definition ? image(definition.url, current.alt, definition.title, state, key) : null;
    }
    case 'table': {
      const [head, ...body] = current.children;
      const cells = (row: (typeof current.children)[number], tag: 'th' | 'td') =>
        row.children.map((cell, index) => {
          const align = current.align?.[index];
          return createElement(
            tag,
            { key: String(index), ...(align ? { style: { textAlign: align } } : {}) },
            children(cell, state),
          );
        });
      return createElement(components.table, {
        key,
        children: [
          head &&
            createElement('thead', { key: 'head' }, createElement('tr', null, cells(head, 'th'))),
          body.length > 0 &&
            createElement(
              'tbody',
              { key: 'body' },
              body.map((row, index) =>
                createElement('tr', { key: String(index) }, cells(row, 'td')),
              ),
            ),
        ],
      });
    }
    case 'footnoteReference':
      return footnoteReference(current.identifier, state, key);
    // Raw HTML is never rendered; definitions and footnotes render where they are used.
    case 'html':
    case 'definition':
    case 'footnoteDefinition':
      return null;
    default:
      // Node types of syntax not enabled here (math, MDX, front matter): their text, if any.
      return 'value' in current && typeof current.value === 'string' ? current.value : null;
  }
}

function link(
  url: string,
  title: string | null | undefined,
  content: ReactNode[],
  state: State,
  key: string,
): ReactNode {
  const href = safeUrl(url, 'href');
  if (!href) return createElement('span', { key }, content);
  return createElement(state.components.link, {
    key,
    href,
    ...(title ? { title } : {}),
    children: content,
  });
}

function image(
  url: string,
  alt: string | null | undefined,
  title: string | null | undefined,
  state: State,
  key: string,
): ReactNode {
  const src = safeUrl(url, 'src');
  if (!src) return null;
  return createElement(state.components.image, {
    key,
    src,
    alt: alt ?? '',
    ...(title ? { title } : {}),
  });
}

function footnoteReference(identifier: string, state: State, key: string): ReactNode {
  if (!state.notes.has(identifier)) return null;
  if (!state.noteOrder.includes(identifier)) state.noteOrder.push(identifier);
  const number = state.noteOrder.indexOf(identifier) + 1;
  const count = (state.noteReferences.get(identifier) ?? 0) + 1;
  state.noteReferences.set(identifier, count);
  const id = noteId(identifier);
  return createElement(
    'sup',
    { key },
    createElement(
      'a',
      {
        href: `#${CLOBBER_PREFIX}fn-${id}`,
        id: `${CLOBBER_PREFIX}fnref-${id}${count > 1 ? `-${count}` : ''}`,
      },
      String(number),
    ),
  );
}

/** The notes referenced in the reply, in reference order, each with its way back. */
function footnotes(state: State): ReactNode {
  if (state.noteOrder.length === 0) return null;
  const items = state.noteOrder.map((identifier, index) => {
    const definition = state.notes.get(identifier)!;
    const id = noteId(identifier);
    const back = createElement(state.components.backReference, {
      key: 'back',
      href: `#${CLOBBER_PREFIX}fnref-${id}`,
      number: index + 1,
    });
    return createElement('li', { key: identifier, id: `${CLOBBER_PREFIX}fn-${id}` }, [
      ...children(definition, state),
      back,
    ]);
  });
  return createElement(state.components.footnotes, {
    key: 'footnotes',
    children: createElement('ol', null, items),
  });
}

function collect(tree: Nodes, state: State) {
  if (tree.type === 'definition') state.definitions.set(tree.identifier, tree);
  else if (tree.type === 'footnoteDefinition') state.notes.set(tree.identifier, tree);
  if ('children' in tree) for (const child of tree.children) collect(child, state);
}

/**
 * A reply's Markdown (CommonMark with GitHub's extensions: tables, task lists, strikethrough,
 * autolinks, footnotes) as React elements: micromark's parser, the same one react-markdown used,
 * without the unified, hast and sanitizer layers (decision 282).
 */
export function markdownElements(text: string, components: MarkdownComponents): ReactElement {
  const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const state: State = {
    components,
    definitions: new Map(),
    notes: new Map(),
    noteOrder: [],
    noteReferences: new Map(),
  };
  collect(tree, state);
  const body = node(tree, state, 'body');
  return createElement(Fragment, null, body, footnotes(state));
}
