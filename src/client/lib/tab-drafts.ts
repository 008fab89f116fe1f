/**
 * Unsent text of the signed-in user, kept in the tab's sessionStorage so that it outlives a
 * screen (decision 305): gone with the tab, and at logout (`clearDrafts`), so the next person at
 * this browser finds nothing the last one typed. Storage can be off (a private window's policy)
 * or full: the text is then kept only as long as its screen is open, as before.
 */
const PREFIX = 'orbit:draft:';

export const draftKey = (userId: number, place: string) => `${PREFIX}${userId}:${place}`;

export function readDraft(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(key: string, text: string) {
  try {
    if (text === '') sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, text);
  } catch {
    // Not kept beyond the screen.
  }
}

export function clearDrafts() {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, index) =>
      sessionStorage.key(index),
    );
    for (const key of keys) if (key?.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept either.
  }
}
