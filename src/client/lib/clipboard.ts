/** The pre-Clipboard-API way: select a hidden text area and run the copy command. */
function copyLegacy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  // The copy command copies the focused selection.
  area.focus();
  area.select();
  try {
    // Deprecated, but the only way left where the Clipboard API is missing or refused.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}

/** Clipboard API first (needs a secure context and permission), then the legacy method. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator.clipboard?.writeText === 'function') {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused or unavailable: fall through to the legacy method.
  }
  return copyLegacy(text);
}
