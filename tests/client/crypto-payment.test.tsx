import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';
import {
  fakeServer,
  GUEST,
  plansBody,
  settingsBody,
  userBody,
  type RecordedRequest,
} from './support/fake-server.ts';
import { paymentUri } from '#client/features/billing/crypto/payment-uri.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('de');
});

/** Intl puts a no-break space between amount and currency sign. */
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\u00a0/g, ' ');

/** The seeded plans, Expert with the feature keys the server sends (decision 080). */
function plans() {
  const body = plansBody();
  const expert = body.plans.find((plan) => plan.id === 'expert')!;
  expert.features = ['plans.features.unlimitedMessages', 'plans.features.apiAccess'] as never[];
  return body;
}

const ETH_HASH = `0x${'ab'.repeat(32)}`;
const ETH_SENDER = `0x${'1'.repeat(40)}`;

function paymentBody(overrides: Record<string, unknown> = {}) {
  return {
    id: 41,
    plan: 'expert',
    durationMonths: 6,
    coin: 'ETH',
    status: 'awaiting_payment',
    walletAddress: 'TEST-MODE-ETH-ADDRESS-DO-NOT-SEND',
    amountCents: 16195,
    currency: 'EUR',
    cryptoAmount: '0.064780417',
    rateEur: '2500',
    verificationCode: '417',
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    testMode: true,
    txHash: null as string | null,
    senderWalletAddress: null,
    createdAt: new Date().toISOString(),
    verifiedAt: null,
    notes: null,
    ...overrides,
  };
}

const problem = (status: number, code: string, message: string, details?: unknown) => ({
  status,
  body: { message, code, statusCode: status, ...(details ? { details } : {}) },
});

/** A signed-in free user and one crypto payment the routes create, report and read. */
function cryptoServer(report: (request: RecordedRequest) => ReturnType<typeof problem> | null) {
  let payment = paymentBody();
  const created: unknown[] = [];
  const server = fakeServer({
    'GET /api/plans': { status: 200, body: plans() },
    'GET /api/user': { status: 200, body: userBody() },
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    'POST /api/crypto-payments': (request) => {
      created.push(request.body);
      return { status: 201, body: payment };
    },
    'GET /api/crypto-payments/41': () => ({ status: 200, body: payment }),
    'POST /api/crypto-payments/41/paid': (request) => {
      const refusal = report(request);
      if (refusal) return refusal;
      payment = { ...payment, status: 'pending', txHash: ETH_HASH };
      return { status: 200, body: payment };
    },
  });
  return { ...server, created };
}

async function chooseEthereum() {
  await userEvent.click(await screen.findByRole('button', { name: 'Ethereum (ETH)' }));
  return screen.findByRole('form', { name: 'Ich habe bezahlt' });
}

const fieldError = (label: string) => {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe('/crypto-payment/{plan}/{duration} (spec 02 §4, issue 11 item 3)', () => {
  it('sums up the term, then shows the marked test address, QR code, amount and code', async () => {
    const server = cryptoServer(() => null);
    renderApp('/crypto-payment/expert/6');
    expect(text(await screen.findByTestId('crypto-total'))).toBe('161,95 €');
    expect(screen.getByTestId('crypto-months').textContent).toBe('6 Monate');
    expect(screen.getByText('10 % auf den Monatspreis')).toBeTruthy();
    // The plan's feature keys from GET /api/plans, translated.
    const included = screen.getByRole('list', { name: 'Enthalten' });
    expect(within(included).getByText('Unbegrenzte Nachrichten')).toBeTruthy();
    expect(within(included).getByText('API-Zugang')).toBeTruthy();

    await chooseEthereum();
    expect(server.created).toEqual([{ plan: 'expert', durationMonths: 6, coin: 'ETH' }]);
    expect(screen.getByTestId('crypto-test-mode').textContent).toContain('TESTMODUS');
    expect(screen.getByText('Testadresse (ETH) – nichts senden')).toBeTruthy();
    expect(screen.getByTestId('crypto-address').textContent).toBe(
      'TEST-MODE-ETH-ADDRESS-DO-NOT-SEND',
    );
    expect(screen.getByRole('img', { name: 'QR-Code mit Adresse und Betrag' })).toBeTruthy();
    expect(screen.getByTestId('crypto-amount').textContent).toBe('0.064780417 ETH');
    expect(screen.getByTestId('crypto-code').textContent).toBe('417');
    expect(screen.getByTestId('crypto-expiry').textContent).toMatch(
      /^Dieser Betrag gilt noch (30:00|29:5\d)\.$/,
    );
    expect(screen.getByRole('button', { name: 'Adresse kopieren' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Betrag kopieren' })).toBeTruthy();
  });

  it('shows each refusal of "I have paid" at its field, then goes to the waiting page', async () => {
    const answers = [
      problem(400, 'VALIDATION_ERROR', 'Invalid txHash', {
        txHash: ['Not an Ethereum transaction hash'],
      }),
      problem(409, 'CONFLICT', 'Transaction already used'),
      problem(500, 'SERVER_ERROR', 'Boom'),
    ];
    const bodies: unknown[] = [];
    const server = cryptoServer((request) => {
      bodies.push(request.body);
      return answers.shift() ?? null;
    });
    renderApp('/crypto-payment/expert/6');
    const form = await chooseEthereum();
    const submit = within(form).getByRole('button', { name: 'Ich habe bezahlt' });

    await userEvent.click(submit);
    expect(fieldError('Transaktions-Hash')).toContain('Bitte fülle dieses Feld aus.');
    expect(fieldError('Deine sendende Wallet-Adresse')).toContain('Bitte fülle dieses Feld aus.');
    expect(bodies).toEqual([]);

    await userEvent.type(screen.getByLabelText('Transaktions-Hash'), ` ${ETH_HASH} `);
    await userEvent.type(screen.getByLabelText('Deine sendende Wallet-Adresse'), ETH_SENDER);
    await userEvent.click(submit);
    await waitFor(() =>
      expect(fieldError('Transaktions-Hash')).toContain('Das ist kein Ethereum-Transaktions-Hash.'),
    );
    expect(fieldError('Deine sendende Wallet-Adresse')).not.toContain('Das ist');
    expect(bodies[0]).toEqual({ txHash: ETH_HASH, senderWalletAddress: ETH_SENDER });

    await userEvent.click(submit);
    await waitFor(() =>
      expect(fieldError('Transaktions-Hash')).toContain(
        'Diese Transaktion wurde bereits gemeldet.',
      ),
    );

    await userEvent.click(submit);
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Fehler bei der Benachrichtigung');
    expect(alert.textContent).toContain('Bitte versuche es später erneut.');

    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Zahlung wird geprüft' })).toBeTruthy();
    expect(screen.getByText(/in der Regel innerhalb von 1–2 Werktagen/)).toBeTruthy();
    expect(server.requests.filter((r) => r.url.endsWith('/paid'))).toHaveLength(4);
  });

  it('says the card plan must end first while one runs (decision 312)', async () => {
    fakeServer({
      'GET /api/plans': { status: 200, body: plans() },
      'GET /api/user': {
        status: 200,
        body: userBody({ isSubscribed: true, subscriptionTier: 'premium' }),
      },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'POST /api/crypto-payments': problem(409, 'CONFLICT', 'Card subscription still running'),
    });
    renderApp('/crypto-payment/expert/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Bitcoin (BTC)' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kartenabo läuft noch');
    expect(alert.textContent).toContain('Kündige es auf der Abo-Seite');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/subscription');
  });

  it("says 'Not an Upgrade' when the plan is not above the current one", async () => {
    fakeServer({
      'GET /api/plans': { status: 200, body: plans() },
      'GET /api/user': {
        status: 200,
        body: userBody({ isSubscribed: true, subscriptionTier: 'ultimate' }),
      },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'POST /api/crypto-payments': problem(409, 'CONFLICT', 'Not an Upgrade'),
    });
    renderApp('/crypto-payment/expert/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Bitcoin (BTC)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Kein Upgrade');
  });

  it('refuses a duration other than 6 or 12 months', async () => {
    fakeServer({ 'GET /api/plans': { status: 200, body: plans() }, 'GET /api/user': GUEST });
    renderApp('/crypto-payment/expert/3');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Diese Kryptozahlung gibt es nicht. Bitte wähle erneut einen Plan.',
    );
  });
});

describe('/crypto-payment-pending', () => {
  it("shows a rejection with the administrator's notes", async () => {
    fakeServer({
      'GET /api/user': { status: 200, body: userBody() },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /api/crypto-payments/41': {
        status: 200,
        body: paymentBody({ status: 'rejected', txHash: ETH_HASH, notes: 'No such transfer' }),
      },
    });
    renderApp('/crypto-payment-pending?id=41');
    expect(await screen.findByRole('heading', { name: 'Zahlung abgelehnt' })).toBeTruthy();
    expect(screen.getByTestId('crypto-notes').textContent).toBe('No such transfer');
  });
});

describe('/pricing', () => {
  it('offers every paid plan for 6 or 12 months with crypto', async () => {
    fakeServer({ 'GET /api/plans': { status: 200, body: plans() }, 'GET /api/user': GUEST });
    renderApp('/pricing');
    const expert = await screen.findByTestId('plan-expert');
    const six = within(expert).getByRole('link', {
      name: /^Expert: 6 Monate mit Krypto für 161,95\s€$/,
    });
    expect(six.getAttribute('href')).toBe('/crypto-payment/expert/6');
    expect(
      within(expert)
        .getByRole('link', { name: /12 Monate mit Krypto/ })
        .getAttribute('href'),
    ).toBe('/crypto-payment/expert/12');
    expect(
      within(screen.getByTestId('plan-free')).queryByRole('link', { name: /Krypto/ }),
    ).toBeNull();
  });
});

describe('the QR code payload', () => {
  it('is a BIP 21 request for Bitcoin and an EIP-681 request in wei for Ethereum', () => {
    expect(paymentUri({ coin: 'BTC', walletAddress: 'bc1qxyz', cryptoAmount: '0.00323842' })).toBe(
      'bitcoin:bc1qxyz?amount=0.00323842',
    );
    expect(paymentUri({ coin: 'ETH', walletAddress: '0xabc', cryptoAmount: '0.064780417' })).toBe(
      'ethereum:0xabc?value=64780417000000000',
    );
    expect(paymentUri({ coin: 'ETH', walletAddress: '0xabc', cryptoAmount: '1.5' })).toBe(
      'ethereum:0xabc?value=1500000000000000000',
    );
  });
});
