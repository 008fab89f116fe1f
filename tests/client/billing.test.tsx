import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';
import {
  fakeServer,
  GUEST,
  plansBody,
  settingsBody,
  userBody,
  type RecordedRequest,
} from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

const PLANS = { 'GET /api/plans': { status: 200, body: plansBody() } };
const signedIn = (user = userBody()) => ({
  ...PLANS,
  'GET /api/user': { status: 200, body: user },
  'GET /api/settings/7': { status: 200, body: settingsBody() },
  'GET /api/conversations': { status: 200, body: [] },
});
/** Intl puts a no-break space between amount and currency sign. */
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\u00a0/g, ' ');
const conflict = (message: string) => ({
  status: 409,
  body: { message, code: 'CONFLICT', statusCode: 409 },
});

describe('/pricing (spec 02 §6, §9)', () => {
  it('shows the server prices in the interface language, monthly or yearly, with model groups', async () => {
    fakeServer({ ...PLANS, 'GET /api/user': GUEST });
    renderApp('/pricing');
    const premium = await screen.findByTestId('plan-premium');
    expect(text(premium)).toContain('12,99 €');
    expect(premium.textContent).toContain('pro Monat');
    const expert = screen.getByTestId('plan-expert');
    expect(within(expert).getByRole('list', { name: 'Modelle' }).textContent).toContain(
      'Expert+: GPT-4o Mini, GPT-4 Turbo',
    );
    expect(within(premium).queryByText('Expert+')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /Jährlich/ }));
    expect(screen.getByRole('button', { name: /Jährlich/ }).textContent).toContain('spare 16 %');
    expect(text(screen.getByTestId('plan-premium'))).toContain('129,90 €');
    expect(screen.getByTestId('plan-premium').textContent).toContain('pro Jahr');
    expect(text(screen.getByTestId('plan-ultimate'))).toContain('990,00 €');
    // Guests log in before a checkout starts.
    expect(within(premium).getByRole('link', { name: 'Premium wählen' }).getAttribute('href')).toBe(
      '/auth',
    );
  });

  it('formats prices for English readers', async () => {
    await i18n.changeLanguage('en');
    fakeServer({ ...PLANS, 'GET /api/user': GUEST });
    renderApp('/pricing');
    expect((await screen.findByTestId('plan-expert')).textContent).toContain('€29.99');
  });

  it("shows 'Already Subscribed' and 'Not an Upgrade' (German) when a checkout is refused", async () => {
    const premiumUser = userBody({ isSubscribed: true, subscriptionTier: 'premium' });
    const bodies: unknown[] = [];
    fakeServer({
      ...signedIn(premiumUser),
      'POST /api/subscription/checkout': (request: RecordedRequest) => {
        bodies.push(request.body);
        const plan = (request.body as { plan: string }).plan;
        return conflict(plan === 'premium' ? 'Already Subscribed' : 'Not an Upgrade');
      },
    });
    renderApp('/pricing');
    const premium = await screen.findByTestId('plan-premium');
    await userEvent.click(within(premium).getByRole('button', { name: 'Premium wählen' }));
    expect((await within(premium).findByRole('alert')).textContent).toContain('Bereits abonniert');

    await userEvent.click(screen.getByRole('button', { name: /Jährlich/ }));
    const expert = screen.getByTestId('plan-expert');
    await userEvent.click(within(expert).getByRole('button', { name: 'Expert wählen' }));
    const alert = await within(expert).findByRole('alert');
    expect(alert.textContent).toContain('Kein Upgrade');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/subscription');
    expect(bodies).toEqual([
      { plan: 'premium', interval: 'month' },
      { plan: 'expert', interval: 'year' },
    ]);
  });
});

describe('a card plan over a prepaid crypto term (decision 312)', () => {
  it('says the term must end first, or a higher plan be bought with crypto', async () => {
    fakeServer({
      ...signedIn(userBody({ isSubscribed: true, subscriptionTier: 'premium' })),
      'POST /api/subscription/checkout': conflict('Prepaid term still running'),
    });
    renderApp('/pricing');
    const expert = await screen.findByTestId('plan-expert');
    await userEvent.click(within(expert).getByRole('button', { name: 'Expert wählen' }));
    const alert = await within(expert).findByRole('alert');
    expect(alert.textContent).toContain('Vorausbezahlte Laufzeit läuft noch');
    expect(alert.textContent).toContain('Expert per Karte nach ihrem Ende');
  });
});

const PERIOD_END = '2026-12-26T09:00:00.000Z';

function subscriptionBody(overrides: Record<string, unknown> = {}) {
  return {
    plan: 'premium',
    status: 'active',
    interval: 'month',
    startDate: '2026-11-26T09:00:00.000Z',
    currentPeriodEnd: PERIOD_END,
    cancelAtPeriodEnd: false,
    scheduledPlan: null,
    paymentMethod: 'sandbox',
    tier: 'premium',
    expiresAt: PERIOD_END,
    ...overrides,
  };
}

function checkoutBody(id: string, overrides: Record<string, unknown> = {}) {
  return {
    checkoutId: id,
    plan: 'premium',
    planName: 'Premium',
    interval: 'month',
    kind: 'new',
    amountCents: 1299,
    priceCents: 1299,
    currency: 'EUR',
    status: 'open',
    testMode: true,
    ...overrides,
  };
}

/** A sandbox checkout c1 whose outcome the test picks; a new checkout after a decline is c2. */
function sandboxServer() {
  const completions: unknown[] = [];
  const checkouts = { c1: checkoutBody('c1'), c2: checkoutBody('c2') };
  const server = fakeServer({
    ...signedIn(),
    // The entitlement follows the payment: the user is Premium once c1 is paid.
    'GET /api/user': () => ({
      status: 200,
      body:
        checkouts.c1.status === 'completed'
          ? userBody({
              isSubscribed: true,
              subscriptionTier: 'premium',
              subscriptionExpiry: PERIOD_END,
            })
          : userBody(),
    }),
    'POST /api/subscription/checkout': () => {
      return {
        status: 200,
        body: { checkoutId: 'c2', url: '/payment/premium?checkout=c2', kind: 'new' },
      };
    },
    'GET /api/subscription': { status: 200, body: subscriptionBody() },
    'GET /api/payments': { status: 200, body: { payments: [] } },
    'GET /api/payments/checkouts/c1': () => ({ status: 200, body: checkouts.c1 }),
    'GET /api/payments/checkouts/c2': () => ({ status: 200, body: checkouts.c2 }),
    'POST /api/payments/sandbox/c1/complete': (request: RecordedRequest) => {
      completions.push(request.body);
      const { outcome } = request.body as { outcome: string };
      checkouts.c1 = { ...checkouts.c1, status: outcome === 'succeed' ? 'completed' : 'declined' };
      return { status: 200, body: checkouts.c1 };
    },
  });
  return { ...server, completions };
}

describe('/payment/{plan}: the TEST MODE checkout (issue 11)', () => {
  it('is marked as a test, sums up the order and pays only after the consent', async () => {
    const server = sandboxServer();
    renderApp('/payment/premium?checkout=c1');
    expect((await screen.findByTestId('test-mode')).textContent).toContain('TESTMODUS');
    expect(text(screen.getByTestId('order-total'))).toBe('12,99 €');
    expect(screen.getByText(/inkl\. MwSt\./)).toBeTruthy();
    // Never a card form: no text field on the page at all.
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);

    const pay = screen.getByRole('button', { name: 'Zahlung gelingt' });
    expect(pay).toHaveProperty('disabled', true);
    expect(
      screen.getByText('Bitte bestätige zuerst den sofortigen Beginn der Leistung.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /14-tägiges Widerrufsrecht/ }));
    await userEvent.click(pay);

    expect(await screen.findByRole('heading', { name: 'Abonnement', level: 1 })).toBeTruthy();
    expect(server.completions).toEqual([{ outcome: 'succeed' }]);
    // The entitlement changed: the user card reads the user again and shows the new tier.
    const sidebar = screen.getByTestId('sidebar');
    expect(await within(sidebar).findByText('bis 26.12.2026')).toBeTruthy();
    expect(within(sidebar).getByText('Premium')).toBeTruthy();
    expect(server.requests.some((request) => request.url.endsWith('/complete'))).toBe(true);
  });

  it('asks for the authentication step, then succeeds', async () => {
    const server = sandboxServer();
    renderApp('/payment/premium?checkout=c1');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Widerrufsrecht/ }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Authentifizierung nötig, dann erfolgreich' }),
    );
    expect(server.completions).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Zahlung bestätigen' }));
    await waitFor(() => expect(server.completions).toEqual([{ outcome: 'succeed' }]));
  });

  it('says a declined payment charged nothing and starts a new checkout on retry', async () => {
    const server = sandboxServer();
    renderApp('/payment/premium?checkout=c1');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Widerrufsrecht/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Zahlung wird abgelehnt' }));
    expect((await screen.findByRole('alert')).textContent).toContain('nichts abgebucht');
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('button', { name: 'Zahlung gelingt' })).toBeTruthy();
    expect(server.requests.some((request) => request.url.endsWith('/checkouts/c2'))).toBe(true);
    expect(screen.getByRole('checkbox', { name: /Widerrufsrecht/ })).toHaveProperty(
      'checked',
      false,
    );
  });

  it('says a Decline after a charged Succeed cannot undo the payment, and Succeed finishes it (decision 330)', async () => {
    const completions: unknown[] = [];
    let checkout = checkoutBody('c1');
    fakeServer({
      ...signedIn(),
      'GET /api/subscription': { status: 200, body: subscriptionBody() },
      'GET /api/payments': { status: 200, body: { payments: [] } },
      'GET /api/payments/checkouts/c1': () => ({ status: 200, body: checkout }),
      'POST /api/payments/sandbox/c1/complete': (request: RecordedRequest) => {
        completions.push(request.body);
        if ((request.body as { outcome: string }).outcome === 'decline') {
          return conflict('Payment already made: press Succeed to finish');
        }
        checkout = { ...checkout, status: 'completed' };
        return { status: 200, body: checkout };
      },
    });
    renderApp('/payment/premium?checkout=c1');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Widerrufsrecht/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Zahlung wird abgelehnt' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Zahlung bereits erfolgt');
    expect(alert.textContent).toContain(
      'Die Zahlung für Premium ist bereits durchgegangen und kann nicht mehr abgelehnt werden. ' +
        'Drück auf „Zahlung gelingt“, um den Bezahlvorgang abzuschließen.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Zahlung gelingt' }));
    expect(await screen.findByRole('heading', { name: 'Abonnement', level: 1 })).toBeTruthy();
    expect(completions).toEqual([{ outcome: 'decline' }, { outcome: 'succeed' }]);
  });

  it('says a checkout left open while a card plan was bought is out of date (decision 334)', async () => {
    fakeServer({
      ...signedIn(),
      'GET /api/subscription': { status: 200, body: subscriptionBody() },
      'GET /api/payments': { status: 200, body: { payments: [] } },
      'GET /api/payments/checkouts/c1': { status: 200, body: checkoutBody('c1') },
      'POST /api/payments/sandbox/c1/complete': conflict('Checkout out of date'),
    });
    renderApp('/payment/premium?checkout=c1');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Widerrufsrecht/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Zahlung gelingt' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Bezahlvorgang veraltet');
    expect(alert.textContent).toContain('Premium wird dann als Upgrade berechnet');
  });

  it('leads from a plan on /pricing to its checkout', async () => {
    sandboxServer();
    renderApp('/pricing');
    const premium = await screen.findByTestId('plan-premium');
    await userEvent.click(within(premium).getByRole('button', { name: 'Premium wählen' }));
    expect(await screen.findByTestId('test-mode')).toBeTruthy();
  });
});

const FREE = subscriptionBody({
  plan: 'free',
  status: 'none',
  interval: null,
  startDate: null,
  currentPeriodEnd: null,
  paymentMethod: null,
  tier: 'free',
  expiresAt: null,
});

/** The subscription routes over one stored contract the test can watch change. */
function subscriptionServer(
  initial: ReturnType<typeof subscriptionBody>,
  payments: unknown[] = [],
) {
  let current = initial;
  const changes: { url: string; body: unknown }[] = [];
  const change = (patch: Record<string, unknown>) => (request: RecordedRequest) => {
    changes.push({ url: request.url, body: request.body });
    current = { ...current, ...patch };
    return { status: 200, body: current };
  };
  fakeServer({
    ...signedIn(),
    'GET /api/subscription': () => ({ status: 200, body: current }),
    'GET /api/payments': { status: 200, body: { payments } },
    'POST /api/subscription/cancel': change({ cancelAtPeriodEnd: true }),
    'POST /api/subscription/resume': change({ cancelAtPeriodEnd: false }),
    'POST /api/subscription/downgrade': change({ scheduledPlan: 'premium' }),
  });
  return changes;
}

describe('/subscription (issue 11 item 5)', () => {
  it('shows the plan until its end, the payment history, and cancels in one click', async () => {
    const changes = subscriptionServer(subscriptionBody(), [
      {
        id: 1,
        receiptNumber: 'ORB-2026-000001',
        receiptLink: '/api/payments/1/receipt',
        date: '2026-11-26T09:00:00.000Z',
        amountCents: 1299,
        currency: 'EUR',
        method: 'sandbox',
        plan: 'premium',
        interval: 'month',
        durationMonths: null,
        status: 'paid',
        periodStart: '2026-11-26T09:00:00.000Z',
        periodEnd: PERIOD_END,
        receiptUrl: null,
      },
    ]);
    renderApp('/subscription');
    expect((await screen.findByTestId('current-plan')).textContent).toBe(
      'Premium (bis 26.12.2026)',
    );
    expect(screen.getByTestId('subscription-status').textContent).toBe('Aktiv');
    expect(screen.getByTestId('subscription-interval').textContent).toBe('Monatlich');
    expect(screen.getByTestId('period-end').textContent).toBe('Verlängert sich am 26.12.2026');
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(text(row)).toBe('26.11.202612,99 €TestzahlungPremiumMonatlichBezahltORB-2026-000001');
    expect(
      screen.getByRole('link', { name: 'Beleg ORB-2026-000001 öffnen' }).getAttribute('href'),
    ).toBe('/api/payments/1/receipt');

    await userEvent.click(screen.getByRole('button', { name: 'Verträge hier kündigen' }));
    expect(
      await screen.findByText('Dein Vertrag ist gekündigt. Du behältst Premium bis 26.12.2026.'),
    ).toBeTruthy();
    expect(screen.getByTestId('period-end').textContent).toBe('Gekündigt: endet am 26.12.2026');
    // Still on the page, just nothing left to cancel.
    expect(screen.getByRole('button', { name: 'Verträge hier kündigen' })).toHaveProperty(
      'disabled',
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Abo fortsetzen' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Abo fortsetzen' })).toBeNull(),
    );
    expect(changes.map((change) => change.url)).toEqual([
      '/api/subscription/cancel',
      '/api/subscription/resume',
    ]);
  });

  it('shows the higher plan at once after a prorated upgrade from /pricing', async () => {
    let current = subscriptionBody();
    fakeServer({
      ...signedIn(userBody({ isSubscribed: true, subscriptionTier: 'premium' })),
      'GET /api/subscription': () => ({ status: 200, body: current }),
      'GET /api/payments': { status: 200, body: { payments: [] } },
      'POST /api/subscription/checkout': () => {
        current = subscriptionBody({ plan: 'expert', tier: 'expert' });
        return {
          status: 200,
          body: { checkoutId: 'up-1', url: '/subscription?upgraded=1', kind: 'upgrade' },
        };
      },
    });
    renderApp('/subscription');
    expect((await screen.findByTestId('current-plan')).textContent).toContain('Premium');
    await userEvent.click(screen.getByRole('link', { name: 'Upgrade' }));
    const expert = await screen.findByTestId('plan-expert');
    await userEvent.click(within(expert).getByRole('button', { name: 'Expert wählen' }));
    await waitFor(() =>
      expect(screen.getByTestId('current-plan').textContent).toBe('Expert (bis 26.12.2026)'),
    );
  });

  it('after Stripe Checkout, says the payment is being confirmed until the plan is active', async () => {
    let reads = 0;
    fakeServer({
      ...signedIn(),
      'GET /api/subscription': () => {
        reads += 1;
        // The webhook is handled between the first and the second read.
        return { status: 200, body: reads === 1 ? FREE : subscriptionBody() };
      },
      'GET /api/payments': { status: 200, body: { payments: [] } },
    });
    renderApp('/subscription?checkout=success');
    expect(
      await screen.findByText(
        'Deine Zahlung wird bestätigt. Diese Seite aktualisiert sich gleich von selbst.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('current-plan').textContent).toBe('Free');
    await waitFor(
      () => expect(screen.getByTestId('current-plan').textContent).toBe('Premium (bis 26.12.2026)'),
      { timeout: 5000 },
    );
    expect(screen.queryByText(/Deine Zahlung wird bestätigt/)).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('schedules a lower plan for the end of the term', async () => {
    const changes = subscriptionServer(subscriptionBody({ plan: 'expert', tier: 'expert' }));
    renderApp('/subscription');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Am 26.12.2026 zu Premium wechseln' }),
    );
    expect((await screen.findByTestId('scheduled-plan')).textContent).toBe(
      'Wechselt am 26.12.2026 zu Premium',
    );
    expect(changes).toEqual([{ url: '/api/subscription/downgrade', body: { plan: 'premium' } }]);
  });

  it('offers free users the plans and keeps the cancel button in view', async () => {
    subscriptionServer(FREE);
    renderApp('/subscription');
    expect((await screen.findByTestId('current-plan')).textContent).toBe('Free');
    expect(screen.getByRole('link', { name: 'Plan wählen' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('button', { name: 'Verträge hier kündigen' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      screen.getByText('Du hast gerade keinen laufenden Vertrag, der sich verlängert.'),
    ).toBeTruthy();
    expect(await screen.findByText('Noch keine Zahlungen.')).toBeTruthy();
  });
});

it('shows guests the pages without asking the server for a contract or checkout', async () => {
  fakeServer({ ...PLANS, 'GET /api/user': GUEST });
  renderApp('/subscription');
  expect(await screen.findByRole('heading', { name: 'Abonnement', level: 1 })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Plan wählen' }).getAttribute('href')).toBe('/pricing');
});
