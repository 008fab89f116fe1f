import type { Locator } from '@playwright/test';

/**
 * Whether a tap at the element's centre reaches it (or something inside it), rather than
 * something laid over it, such as a toast.
 */
export async function receivesTapAtCentre(locator: Locator): Promise<boolean> {
  const box = (await locator.boundingBox())!;
  return locator.evaluate(
    (element, { x, y }) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && element.contains(top);
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}
