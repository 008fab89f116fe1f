import type { Locator } from '@playwright/test';

/**
 * Whether a tap at the element's centre reaches it (or something inside it), rather than
 * something laid over it, such as a toast. Measured in the page in one step, once the element's
 * animations have ended: a toast still sliding in moves between a measurement and the hit test.
 */
export async function receivesTapAtCentre(locator: Locator): Promise<boolean> {
  return locator.evaluate(async (element) => {
    await Promise.all(
      element.getAnimations({ subtree: true }).map((animation) => animation.finished),
    );
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && element.contains(top);
  });
}
