import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, plansBody, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const BTC_TX = 'ab'.repeat(32);
const pending = (id: number, username: string) => ({
  id,
  plan: 'expert',
  durationMonths: 6,
  coin: 'BTC',
  status: 'pending',
  walletAddress: 'TEST-MODE-BTC-ADDRESS-DO-NOT-SEND',
  amountCents: 16195,
  currency: 'EUR',
  cryptoAmount: `0.00${id}00417`,
  rateEur: '60000',
  verificationCode: '417',
  expiresAt: '2026-11-20T10:00:00.000Z',
  testMode: true,
  txHash: id === 1 ? BTC_TX : `${id}`.repeat(64).slice(0, 64),
  senderWalletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  createdAt: '2026-11-20T09:30:00.000Z',
  verifiedAt: null,
  notes: null,
  userId: 10 + id,
  username,
});

const subscription = (id: number, username: string, provider: string, plan = 'premium') => ({
  id,
  userId: 20 + id,
  username,
  plan,
  status: 'active',
  interval: provider === 'crypto' ? null : 'month',
  provider,
  paymentMethod: provider,
  startDate: '2026-11-01T09:00:00.000Z',
  currentPeriodEnd: '2026-12-01T09:00:00.000Z',
  cancelAtPeriodEnd: false,
  scheduledPlan: null,
});

const payment = (id: number, username: string) => ({
  id,
  userId: 30,
  username,
  plan: 'premium',
  provider: 'sandbox',
  method: 'sandbox',
  status: 'paid',
  amountCents: 1299,
  currency: 'EUR',
  interval: 'month',
  durationMonths: null,
  createdAt: '2026-11-19T08:15:00.000Z',
  refundedAt: null,
});

function adminServer(
  provider: 'sandbox' | 'stripe',
  routes: Parameters<typeof fakeServer>[0] = {},
) {
  let queue = [pending(1, 'anna'), pending(2, 'boris')];
  return fakeServer({
    'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    'GET /api/plans': { status: 200, body: plansBody(provider) },
    'GET /api/admin/crypto-payments': () => ({
      status: 200,
      body: { items: queue, nextCursor: null },
    }),
    'POST /api/admin/crypto-payments/1/verify': () => {
      queue = queue.filter((p) => p.id !== 1);
      return { status: 200, body: { ...pending(1, 'anna'), status: 'verified' } };
    },
    'POST /api/admin/crypto-payments/2/reject': (request) => {
      queue = queue.filter((p) => p.id !== 2);
      const { notes } = request.body as { notes: string };
      return { status: 200, body: { ...pending(2, 'boris'), status: 'rejected', notes } };
    },
    'GET /api/admin/subscriptions': (request) => {
      const plan = new URL(request.url, 'http://localhost').searchParams.get('plan');
      const items =
        plan === 'ultimate'
          ? [subscription(3, 'ute', 'card', 'ultimate')]
          : [subscription(1, 'sandra', 'sandbox'), subscription(2, 'carl', 'crypto')];
      return { status: 200, body: { items, nextCursor: null } };
    },
    'POST /api/admin/sandbox/subscriptions/21/renew': {
      status: 200,
      body: {
        plan: 'premium',
        status: 'active',
        interval: 'month',
        startDate: '2026-11-01T09:00:00.000Z',
        currentPeriodEnd: '2027-01-01T09:00:00.000Z',
        cancelAtPeriodEnd: false,
        scheduledPlan: null,
        paymentMethod: 'sandbox',
        tier: 'premium',
        expiresAt: '2027-01-01T09:00:00.000Z',
      },
    },
    'GET /api/admin/payments': (request) => {
      const status = new URL(request.url, 'http://localhost').searchParams.get('status');
      const items = status === 'refunded' ? [] : [payment(7, 'sandra')];
      return { status: 200, body: { items, nextCursor: null } };
    },
    ...routes,
  });
}

describe('/admin/subscriptions', () => {
  it('verifies a reported crypto payment and requires a reason to reject one', async () => {
    const server = adminServer('sandbox');
    renderApp('/admin/subscriptions');

    const queue = await screen.findByRole('table', { name: 'Zu prüfende Krypto-Zahlungen' });
    const anna = within(queue).getByText('anna').closest('tr')!;
    expect(within(anna).getByText('0.00100417 BTC')).toBeTruthy();
    expect(within(anna).getByText('417')).toBeTruthy();
    expect(within(anna).getByText('Expert, 6 Monate')).toBeTruthy();
    expect(within(anna).getByText('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBeTruthy();
    const tx = within(anna).getByRole('link', { name: BTC_TX });
    expect(tx.getAttribute('href')).toBe(`https://mempool.space/tx/${BTC_TX}`);
    expect(tx.getAttribute('rel')).toBe('noreferrer');

    await userEvent.click(
      within(anna).getByRole('button', { name: 'Zahlung von anna, 0.00100417 BTC bestätigen' }),
    );
    expect(
      await screen.findByText('Zahlung bestätigt: Der Tarif von anna ist aktiv.'),
    ).toBeTruthy();
    await waitFor(() => expect(within(queue).queryByText('anna')).toBeNull());

    const boris = within(queue).getByText('boris').closest('tr')!;
    await userEvent.click(within(boris).getByRole('button', { name: /ablehnen$/ }));
    await userEvent.click(within(boris).getByRole('button', { name: 'Zahlung ablehnen' }));
    expect(within(boris).getByRole('alert').textContent).toBe('Bitte gib einen Grund an.');
    expect(server.requests.some((r) => r.url.includes('/reject'))).toBe(false);
    await userEvent.type(
      within(boris).getByLabelText('Grund der Ablehnung (der Nutzer sieht ihn)'),
      'No such transaction on the chain',
    );
    await userEvent.click(within(boris).getByRole('button', { name: 'Zahlung ablehnen' }));
    expect(await screen.findByText('Keine Krypto-Zahlung wartet auf Prüfung.')).toBeTruthy();
    expect(server.requests.find((r) => r.url.includes('/reject'))?.body).toEqual({
      notes: 'No such transaction on the chain',
    });
  });

  it('says a payment of an erased account is to be refunded, and keeps it waiting (decision 330)', async () => {
    const erased = 'deleted-user-11';
    adminServer('sandbox', {
      'GET /api/admin/crypto-payments': {
        status: 200,
        body: { items: [pending(1, erased)], nextCursor: null },
      },
      'POST /api/admin/crypto-payments/1/verify': {
        status: 409,
        body: {
          message: 'Account deleted: refund the payment to its sender',
          code: 'CONFLICT',
          statusCode: 409,
        },
      },
    });
    renderApp('/admin/subscriptions');
    const queue = await screen.findByRole('table', { name: 'Zu prüfende Krypto-Zahlungen' });
    const row = within(queue).getByText(erased).closest('tr')!;
    await userEvent.click(
      within(row).getByRole('button', { name: `Zahlung von ${erased}, 0.00100417 BTC bestätigen` }),
    );
    expect(
      await screen.findByText(
        'Dieses Konto wurde gelöscht, daher wurde nichts freigeschaltet. Schick die Coins an die ' +
          'sendende Wallet zurück und lehne die Zahlung dann mit einem Hinweis auf die Rückzahlung ab.',
      ),
    ).toBeTruthy();
    // Still in the queue, to be rejected once refunded.
    expect(
      within(queue).getByRole('button', { name: `Zahlung von ${erased}, 0.00100417 BTC ablehnen` }),
    ).toBeTruthy();
  });

  it('lists subscriptions and payments with filters, and drives a sandbox subscription', async () => {
    const server = adminServer('sandbox');
    renderApp('/admin/subscriptions');

    const subscriptions = await screen.findByRole('table', { name: 'Alle Abonnements' });
    const sandra = within(subscriptions).getByText('sandra').closest('tr')!;
    expect(within(sandra).getByText('Sandbox, monatlich')).toBeTruthy();
    const carl = within(subscriptions).getByText('carl').closest('tr')!;
    expect(within(carl).getByText('Krypto, vorausbezahlt')).toBeTruthy();
    // Only the sandbox's own subscription gets its controls.
    expect(within(carl).queryByRole('button', { name: 'Jetzt verlängern' })).toBeNull();
    await userEvent.click(within(sandra).getByRole('button', { name: 'Jetzt verlängern' }));
    expect(await screen.findByText('Verlängert: Die nächste Laufzeit ist bezahlt.')).toBeTruthy();
    expect(
      server.requests.some(
        (r) => r.method === 'POST' && r.url.endsWith('/api/admin/sandbox/subscriptions/21/renew'),
      ),
    ).toBe(true);

    await userEvent.selectOptions(
      within(screen.getByRole('region', { name: 'Alle Abonnements' })).getByLabelText('Tarif'),
      'ultimate',
    );
    expect(await screen.findByText('ute')).toBeTruthy();
    expect(server.requests.some((r) => r.url.includes('subscriptions?plan=ultimate'))).toBe(true);

    const payments = screen.getByRole('table', { name: 'Zahlungen' });
    const row = within(payments).getByText('sandra').closest('tr')!;
    expect(within(row).getByText('12,99 €')).toBeTruthy();
    expect(within(row).getByText('Bezahlt')).toBeTruthy();
    await userEvent.selectOptions(
      within(screen.getByRole('region', { name: 'Zahlungen' })).getByLabelText('Status'),
      'refunded',
    );
    expect(await screen.findByText('Keine Einträge.')).toBeTruthy();
    expect(server.requests.some((r) => r.url.includes('payments?status=refunded'))).toBe(true);
  });

  it('offers no sandbox controls when Stripe takes the payments', async () => {
    const server = adminServer('stripe');
    renderApp('/admin/subscriptions');
    const subscriptions = await screen.findByRole('table', { name: 'Alle Abonnements' });
    await waitFor(() =>
      expect(server.requests.some((r) => r.url.endsWith('/api/plans'))).toBe(true),
    );
    expect(within(subscriptions).getByText('sandra')).toBeTruthy();
    expect(within(subscriptions).queryByRole('button', { name: 'Jetzt verlängern' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Sandbox' })).toBeNull();
  });
});
