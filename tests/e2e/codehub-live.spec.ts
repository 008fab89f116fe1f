import { randomBytes } from 'node:crypto';
import { registerInGerman, uniqueUsername } from './support/accounts.ts';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/** The editor's text without the other participants' cursor labels. */
const plainText = (editor: Locator) =>
  editor.evaluate((content) => {
    const copy = content.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll('.cm-ySelectionCaret')) caret.remove();
    return [...copy.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n');
  });

/**
 * Two users in two browsers share one live session (issue 13 items 2 and 6): the guest joins by
 * the link as a viewer, the host makes them an editor while the page stays open, both type at
 * once and both editors end with the same text, each showing the other's cursor by name.
 */
test('two users edit one file at once and converge; a role flip applies live; the end leaves a replay', async ({
  page,
  browser,
}) => {
  // Two browsers, and Python loading in the sandbox for the Output step.
  test.slow();
  await registerInGerman(page);
  const name = `Paar ${randomBytes(3).toString('hex')}`;
  await page.goto('/codehub');
  await page.getByRole('textbox', { name: 'Projektname' }).fill(name);
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'Python' });
  await page.getByRole('checkbox', { name: 'Öffentlich' }).check();
  await page.getByRole('button', { name: 'Aus Vorlage erstellen' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.getByRole('button', { name: 'Live-Sitzung starten' }).click();
  await expect(page).toHaveURL(/\/codehub\/live\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('my-role')).toHaveText('Du bist Host');
  const hostEditor = page.getByRole('textbox', { name: 'Live-Editor: main.py' });
  await expect(hostEditor).toContainText('print("Hello, world!")');

  // The guest opens the shared address in another browser and joins as a viewer.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestProblems: string[] = [];
  guest.on('pageerror', (error) => guestProblems.push(error.message));
  const guestName = uniqueUsername('gast');
  await registerInGerman(guest, guestName);
  await guest.goto(page.url());
  await expect(guest.getByTestId('my-role')).toHaveText('Du bist Zuschauer');
  const guestEditor = guest.getByRole('textbox', { name: 'Live-Editor: main.py' });
  await expect(guestEditor).toContainText('print("Hello, world!")');
  await expect(guestEditor).toHaveAttribute('contenteditable', 'false');

  // The host sees the guest online and makes them an editor; the guest's open page follows.
  await expect(
    page
      .getByRole('list', { name: 'Teilnehmende' })
      .getByRole('listitem')
      .filter({ hasText: guestName }),
  ).toContainText('Zuschauer · online');
  await page.getByRole('combobox', { name: `Rolle von ${guestName}` }).selectOption('editor');
  await expect(guest.getByRole('status')).toHaveText('Deine Rolle ist jetzt: Bearbeiter');
  await expect(guest.getByTestId('my-role')).toHaveText('Du bist Bearbeiter');
  await expect(guestEditor).toHaveAttribute('contenteditable', 'true');

  // Both type at the same time: the host at the start, the guest at the end.
  await hostEditor.click();
  await guestEditor.click();
  await Promise.all([
    (async () => {
      await hostEditor.press('Control+Home');
      await hostEditor.pressSequentially('# vom Host\n', { delay: 20 });
    })(),
    (async () => {
      await guestEditor.press('Control+End');
      await guestEditor.pressSequentially('\n# vom Gast', { delay: 20 });
    })(),
  ]);
  for (const editor of [hostEditor, guestEditor]) {
    await expect(editor).toContainText('# vom Host');
    await expect(editor).toContainText('# vom Gast');
  }
  await expect
    .poll(async () => (await plainText(hostEditor)) === (await plainText(guestEditor)))
    .toBe(true);
  expect(await plainText(hostEditor)).toMatch(/^# vom Host\n[^]*# vom Gast$/);
  // Each editor shows the other's cursor with their name.
  await expect(page.locator('.cm-ySelectionInfo', { hasText: guestName })).toBeAttached();

  // The host runs the shared code in the browser sandbox and shares the output; the guest sees it.
  await page.getByRole('tab', { name: 'Ausgabe' }).click();
  // As in codehub-runner.spec.ts: Python's first run in a busy browser can pass the default 5 s.
  await page.getByLabel('Zeitlimit (s)').fill('30');
  await page.getByRole('button', { name: 'Ausführen' }).click();
  const share = page.getByRole('button', { name: 'Ausgabe in der Sitzung teilen' });
  await expect(share).toBeEnabled({ timeout: 120_000 });
  await share.click();
  await guest.getByRole('tab', { name: 'Ausgabe' }).click();
  await expect(guest.getByRole('list', { name: 'Geteilte Ausführungen' })).toContainText(
    'Hello, world!',
  );
  await page.getByRole('tab', { name: 'Code' }).click();

  // The host ends the session: both pages say so and offer the replay, which ends on the same text.
  const finalText = await plainText(hostEditor);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Sitzung beenden' }).click();
  for (const view of [page, guest]) {
    await expect(view.getByRole('alert')).toHaveText('Sitzung nicht gefunden');
    await expect(view.getByRole('list', { name: 'Sitzungsprotokoll' })).toContainText(
      'hat die Sitzung beendet',
    );
    await expect(view.getByTestId('replay-text')).toHaveText(finalText);
  }
  expect(guestProblems).toEqual([]);
  await guestContext.close();
});
