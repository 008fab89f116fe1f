import { randomBytes } from 'node:crypto';
import { registerInGerman } from './support/accounts.ts';
import { scriptReply } from './support/fake-upstream.ts';
import { expect, test } from './support/fixtures.ts';

/** The free plan's monthly allowance (docs/decisions/004-monthly-quota.md). */
const FREE_MESSAGES = 125;

// The refused send is the point of the test: the browser logs its 429.
test.use({ expectedLoadErrors: { '/api/chat': [429] } });

test('in English, a free user who used up the month gets the upgrade panel and keeps the message to send later', async ({
  page,
}) => {
  test.slow();
  const marker = `limit-${randomBytes(3).toString('hex')}`;
  await scriptReply(marker, { chunks: ['Sure, ', 'here you go.'] });
  await registerInGerman(page);
  const { id } = (await (await page.request.get('/api/user')).json()) as { id: number };
  // An English-speaking user: the stored language wins over detection (spec 01-core §9).
  const english = await page.request.patch(`/api/settings/${id}`, {
    data: { language: 'en' },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(english.status()).toBe(200);

  // The month's allowance, spent through the API in one conversation.
  let conversationId = '';
  for (let sent = 0; sent < FREE_MESSAGES; sent++) {
    const response = await page.request.post('/api/chat', {
      data: { message: `Question ${sent} ${marker}`, conversationId },
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(response.status()).toBe(200);
    conversationId = ((await response.json()) as { conversationId: string }).conversationId;
  }

  await page.goto(`/chat/${conversationId}`);
  await expect(page.getByRole('article', { name: "Assistant's reply" }).last()).toHaveText(
    /Sure, here you go\./,
  );
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(`One more ${marker}`);
  await input.press('Enter');

  const panel = page.getByRole('alert').filter({ hasText: 'Message Limit Reached' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('You have reached your monthly message limit.');
  // No error bubble: the panel is the answer. Nothing was stored, so the message is back in the
  // input, not in the list as if it had been sent (decision 305).
  await expect(input).toHaveValue(`One more ${marker}`);
  await expect(page.getByRole('article', { name: 'Your message' }).last()).not.toContainText(
    'One more',
  );
  await expect(page.getByText('Upgrade Now')).toBeVisible();
  await panel.getByRole('link', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  // Back from the plans, the message is still waiting to be sent.
  await page.goBack();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(`One more ${marker}`);
});
