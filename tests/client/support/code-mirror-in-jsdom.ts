/**
 * jsdom has no layout: CodeMirror measures text ranges, which jsdom's Range cannot do. Call in
 * `beforeAll` of a file whose screens open an editor.
 */
export function giveRangesClientRects() {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  if (!('getClientRects' in Range.prototype)) {
    Object.assign(Range.prototype, {
      getClientRects: noRects,
      getBoundingClientRect: () => new DOMRect(),
    });
  }
}
