import { registerInGerman } from './support/accounts.ts';
import { scriptReply } from './support/fake-upstream.ts';
import { expect, test } from './support/fixtures.ts';
import { receivesTapAtCentre } from './support/hit-test.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('guests get the top bar and a drawer that locks scrolling and closes on navigation', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toBeVisible();

  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  const drawer = page.getByRole('dialog', { name: 'Orbit Chat' });
  await expect(drawer).toBeVisible();
  const box = (await drawer.boundingBox())!;
  expect(Math.round(box.width)).toBe(Math.round(390 * 0.86));
  expect(await page.evaluate('getComputedStyle(document.body).overflow')).toBe('hidden');
  for (const name of ['Startseite', 'Funktionen', 'Preise', 'Anmelden', 'Registrieren']) {
    await expect(drawer.getByRole('link', { name })).toBeVisible();
  }

  await drawer.getByRole('link', { name: 'Preise' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(drawer).toBeHidden();
  expect(await page.evaluate('getComputedStyle(document.body).overflow')).not.toBe('hidden');
});

test('signed-in drawer lists the user links and logs out', async ({ page }) => {
  await registerInGerman(page);
  const drawer = page.getByRole('dialog', { name: 'Orbit Chat' });
  // The shell re-renders as the signed-in user's data arrives; open the drawer once it has.
  await expect(async () => {
    if (!(await drawer.isVisible()))
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await expect(drawer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  for (const name of [
    'Startseite',
    'Neuer Chat',
    'KI-Personas',
    'Website-Builder',
    'CodeHub',
    'Abonnement',
    'Einstellungen',
  ]) {
    await expect(drawer.getByRole('link', { name })).toBeVisible();
  }
  await expect(drawer.getByTestId('drawer-conversations')).toContainText('Noch keine Gespräche');
  await drawer.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByText('Du wurdest erfolgreich abgemeldet', { exact: true })).toBeVisible();
});

test('a wide drawer stops at 340 px', async ({ page }) => {
  await page.setViewportSize({ width: 767, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  const box = (await page.getByRole('dialog', { name: 'Orbit Chat' }).boundingBox())!;
  expect(Math.round(box.width)).toBe(340);
});

test('on a phone the chat bar is one row of named icon buttons, Stop included', async ({
  page,
}) => {
  const tag = `phonebar-${Date.now().toString(36)}`;
  await scriptReply(tag, {
    chunks: Array.from({ length: 30 }, (_, index) => `Wort${index + 1} `),
    chunkDelayMs: 150,
  });
  await registerInGerman(page);
  await page.goto('/chat');
  const toolbar = page.getByRole('toolbar', { name: 'Chat-Aktionen' });
  for (const name of [
    'Neuer Chat',
    'Suchen',
    'Als Text exportieren',
    'Als Markdown exportieren',
    'Weitere Formate',
  ]) {
    await expect(toolbar.getByRole('button', { name, exact: true })).toBeVisible();
  }
  // Labels would stack the bar four rows high, a quarter of the screen above the messages.
  const oneRow = async () => expect((await toolbar.boundingBox())!.height).toBeLessThan(70);
  await oneRow();
  await expect(toolbar.getByRole('button', { name: 'Suchen', exact: true })).toHaveAttribute(
    'title',
    'Suchen',
  );

  // While a reply streams, Stop joins the bar, still one row.
  await page.getByRole('textbox', { name: 'Nachricht' }).fill(`Erzähl ${tag}`);
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(toolbar.getByRole('button', { name: 'Stopp' })).toBeVisible();
  await oneRow();
});

test('on a phone a toast leaves the message input free to tap', async ({ page }) => {
  await registerInGerman(page);
  await page.goto('/chat');
  await page
    .getByRole('toolbar', { name: 'Chat-Aktionen' })
    .getByRole('button', { name: 'Neuer Chat' })
    .click();
  await expect(page.getByText('Neuer Chat gestartet', { exact: true })).toBeVisible();
  // At the bottom the toast lay over the input for its 5 s: a tap there hit the toast.
  expect(await receivesTapAtCentre(page.getByRole('textbox', { name: 'Nachricht' }))).toBe(true);
});
