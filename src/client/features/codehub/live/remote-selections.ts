import { RangeSet, type Range } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  ViewPlugin,
  WidgetType,
  type DecorationSet,
  type ViewUpdate,
} from '@codemirror/view';
import { ySyncFacet } from 'y-codemirror.next';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';

/**
 * Other participants' cursors and selections, with their names, like y-codemirror.next's
 * yRemoteSelections — but coloured by class from a fixed palette instead of inline `style`
 * attributes, which our CSP (style-src 'self') refuses (decision 201, 232).
 */

export const PALETTE = [
  '#e06c75',
  '#61afef',
  '#98c379',
  '#c678dd',
  '#d19a66',
  '#56b6c2',
  '#e5c07b',
  '#be5046',
] as const;

/** The colour of a user: the same in every participant's editor. */
export const colourIndex = (userId: number) => userId % PALETTE.length;

const paletteTheme = EditorView.theme(
  Object.fromEntries(
    PALETTE.flatMap((colour, index) => [
      [`.cm-yc-${index}`, { backgroundColor: `${colour}40` }],
      [`.cm-ycaret-${index}`, { backgroundColor: colour, borderColor: colour }],
    ]),
  ),
);

const caretTheme = EditorView.theme({
  '.cm-ySelectionCaret': {
    position: 'relative',
    borderLeft: '1px solid',
    borderRight: '1px solid',
    marginLeft: '-1px',
    marginRight: '-1px',
    boxSizing: 'border-box',
    display: 'inline',
  },
  '.cm-ySelectionInfo': {
    position: 'absolute',
    top: '-1.2em',
    left: '-1px',
    fontSize: '.75em',
    lineHeight: 'normal',
    userSelect: 'none',
    color: 'white',
    padding: '0 2px',
    zIndex: '101',
    backgroundColor: 'inherit',
    whiteSpace: 'nowrap',
  },
});

class CaretWidget extends WidgetType {
  constructor(
    readonly colour: number,
    readonly name: string,
  ) {
    super();
  }
  override toDOM() {
    const caret = document.createElement('span');
    caret.className = `cm-ySelectionCaret cm-ycaret-${this.colour}`;
    const info = document.createElement('span');
    info.className = 'cm-ySelectionInfo';
    info.textContent = this.name;
    caret.append('\u2060', info, '\u2060');
    return caret;
  }
  override eq(other: CaretWidget) {
    return other.colour === this.colour && other.name === this.name;
  }
  override ignoreEvent() {
    return true;
  }
}

interface Cursor {
  anchor: unknown;
  head: unknown;
}
interface PeerState {
  cursor?: Cursor | null;
  user?: { name?: string; colour?: number };
}

const plugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet = RangeSet.of([]);
    private readonly config;
    private readonly onChange;
    constructor(view: EditorView) {
      this.config = view.state.facet(ySyncFacet) as { ytext: Y.Text; awareness: Awareness };
      this.onChange = ({ added, updated, removed }: Record<string, number[]>) => {
        const others = [...added!, ...updated!, ...removed!].some(
          (id) => id !== this.config.awareness.doc.clientID,
        );
        if (others) view.dispatch({});
      };
      this.config.awareness.on('change', this.onChange);
    }
    destroy() {
      this.config.awareness.off('change', this.onChange);
    }
    update(update: ViewUpdate) {
      const { ytext, awareness } = this.config;
      const doc = ytext.doc!;
      const local = awareness.getLocalState() as PeerState | null;
      // Our own cursor goes into the awareness while the editor has focus.
      if (local && update.view.hasFocus) {
        const selection = update.state.selection.main;
        const anchor = Y.createRelativePositionFromTypeIndex(ytext, selection.anchor);
        const head = Y.createRelativePositionFromTypeIndex(ytext, selection.head);
        const current = local.cursor;
        if (
          !current ||
          !Y.compareRelativePositions(Y.createRelativePositionFromJSON(current.anchor), anchor) ||
          !Y.compareRelativePositions(Y.createRelativePositionFromJSON(current.head), head)
        ) {
          awareness.setLocalStateField('cursor', { anchor, head });
        }
      }
      const decorations: Range<Decoration>[] = [];
      for (const [clientId, raw] of awareness.getStates()) {
        const state = raw as PeerState;
        if (clientId === doc.clientID || !state.cursor) continue;
        const anchor = Y.createAbsolutePositionFromRelativePosition(
          Y.createRelativePositionFromJSON(state.cursor.anchor),
          doc,
        );
        const head = Y.createAbsolutePositionFromRelativePosition(
          Y.createRelativePositionFromJSON(state.cursor.head),
          doc,
        );
        if (!anchor || !head || anchor.type !== ytext || head.type !== ytext) continue;
        const colour = state.user?.colour ?? 0;
        const length = update.state.doc.length;
        const from = Math.min(anchor.index, head.index, length);
        const to = Math.min(Math.max(anchor.index, head.index), length);
        if (from < to) {
          decorations.push(Decoration.mark({ class: `cm-yc-${colour}` }).range(from, to));
        }
        decorations.push(
          Decoration.widget({
            side: head.index - anchor.index > 0 ? -1 : 1,
            widget: new CaretWidget(colour, state.user?.name ?? '?'),
          }).range(Math.min(head.index, length)),
        );
      }
      this.decorations = Decoration.set(decorations, true);
    }
  },
  { decorations: (value) => value.decorations },
);

export const remoteSelections = [paletteTheme, caretTheme, plugin];
