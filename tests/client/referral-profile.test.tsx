import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';
import { fakeServer, GUEST, HEALTHY, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('de');
});

const signedIn = (user = userBody()) => ({
  'GET /api/user': { status: 200, body: user },
  'GET /api/settings/7': { status: 200, body: settingsBody() },
  'GET /api/conversations': { status: 200, body: [] },
});
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\u00a0/g, ' ');
const badRequest = (message: string) => ({
  status: 400,
  body: { message, code: 'VALIDATION_ERROR', statusCode: 400 },
});

function referralBody(overrides: Record<string, unknown> = {}) {
  return {
    code: 'ABCD2345EF',
    shareLink: 'http://localhost/auth?ref=ABCD2345EF',
    referredCount: 1,
    friends: [{ username: 'bruno', joinedAt: '2026-11-20T10:00:00.000Z' }],
    bonusMessagesEarned: 5,
    monthlyAllowance: 130,
    monthlyUsed: 12,
    ...overrides,
  };
}

describe('/referral (spec 02 §2, §5)', () => {
  it('shows the code, the link, the statistics and how it works', async () => {
    fakeServer({ ...signedIn(), 'GET /api/referral': { status: 200, body: referralBody() } });
    renderApp('/referral');
    expect((await screen.findByTestId('referral-code')).textContent).toBe('ABCD2345EF');
    expect(screen.getByTestId<HTMLInputElement>('referral-link').value).toBe(
      'http://localhost/auth?ref=ABCD2345EF',
    );
    expect(screen.getByTestId('referred-count').textContent).toBe('1');
    expect(screen.getByTestId('bonus-earned').textContent).toBe('5');
    expect(screen.getByTestId('monthly-allowance').textContent).toBe('12 von 130');
    expect(text(screen.getByTestId('referred-friends'))).toBe('brunodabei seit 20.11.2026');
    const how = screen.getByRole('region', { name: 'So funktioniert es' });
    expect(how.textContent).toContain('sofort 3 zusätzliche Nachrichten');
    expect(how.textContent).toContain('erhältst du 5 zusätzliche Nachrichten');
    expect(how.textContent).toContain('höchstens 20 Empfehlungen');
  });

  it('copies the link, and offers the share sheet where the device has one', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share });
    fakeServer({ ...signedIn(), 'GET /api/referral': { status: 200, body: referralBody() } });
    renderApp('/referral');
    await userEvent.click(await screen.findByRole('button', { name: 'Link kopieren' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/auth?ref=ABCD2345EF');
    expect(await screen.findByText('Link kopiert')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Teilen' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: 'http://localhost/auth?ref=ABCD2345EF' }),
    );
  });

  it('applies a friend’s code and says what the server refused, in the interface language', async () => {
    let allowance = 130;
    const answers = [
      badRequest('Please enter a valid referral code'),
      {
        status: 409,
        body: {
          message: 'You can only apply a referral code once',
          code: 'CONFLICT',
          statusCode: 409,
        },
      },
    ];
    const server = fakeServer({
      ...signedIn(),
      'GET /api/referral': () => ({
        status: 200,
        body: referralBody({ monthlyAllowance: allowance }),
      }),
      'POST /api/referral/apply': () => {
        const refusal = answers.shift();
        if (refusal) return refusal;
        allowance += 3;
        return { status: 200, body: { bonusMessages: 3 } };
      },
    });
    renderApp('/referral');
    const input = await screen.findByLabelText('Empfehlungscode');
    const submit = screen.getByRole('button', { name: 'Code einlösen' });

    await userEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Code erforderlich');
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await userEvent.type(input, 'nope');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Fehler beim Einlösen des Codes: Bitte gib einen gültigen Empfehlungscode ein',
      ),
    );
    await userEvent.click(submit);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Du kannst nur einmal einen Empfehlungscode einlösen',
      ),
    );
    await userEvent.click(submit);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Code eingelöst: 3 zusätzliche Nachrichten.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('monthly-allowance').textContent).toBe('12 von 133'),
    );
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual(
      Array(3).fill({ code: 'nope' }),
    );
  });
});

describe('a share link (/auth?ref=CODE)', () => {
  it('opens the registration with the code, and applies it once the account exists', async () => {
    let registered = false;
    const server = fakeServer({
      'GET /api/user': () => (registered ? { status: 200, body: userBody() } : GUEST),
      'POST /api/register': () => {
        registered = true;
        return { status: 201, body: userBody() };
      },
      'POST /api/referral/apply': { status: 200, body: { bonusMessages: 3 } },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /healthz': HEALTHY,
    });
    renderApp('/auth?ref=ABCD2345EF');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrieren' })).toBeTruthy();
    const code = screen.getByLabelText<HTMLInputElement>('Empfehlungscode (optional)');
    expect(code.value).toBe('ABCD2345EF');
    await userEvent.type(screen.getByLabelText('Benutzername'), 'anna');
    await userEvent.type(screen.getByLabelText('Passwort'), 'correct horse');
    await userEvent.type(screen.getByLabelText('Passwort wiederholen'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.url === '/api/referral/apply')?.body).toEqual({
        code: 'ABCD2345EF',
      }),
    );
    const register = server.requests.find((r) => r.url === '/api/register');
    expect(register?.body).not.toHaveProperty('referralCode');
    expect(await screen.findByText('Code eingelöst: 3 zusätzliche Nachrichten.')).toBeTruthy();
  });
});

describe('/profile (spec 02 §2)', () => {
  it('shows the account, the contract and the payments with their receipts', async () => {
    const end = '2026-12-26T09:00:00.000Z';
    fakeServer({
      ...signedIn(
        userBody({ isSubscribed: true, subscriptionTier: 'premium', subscriptionExpiry: end }),
      ),
      'GET /api/user/account': {
        status: 200,
        body: { id: 7, username: 'anna', displayName: 'Anna', email: null },
      },
      'GET /api/subscription': {
        status: 200,
        body: {
          plan: 'premium',
          status: 'active',
          interval: 'month',
          startDate: '2026-11-26T09:00:00.000Z',
          currentPeriodEnd: end,
          cancelAtPeriodEnd: true,
          scheduledPlan: null,
          paymentMethod: 'sandbox',
          tier: 'premium',
          expiresAt: end,
        },
      },
      'GET /api/payments': {
        status: 200,
        body: {
          payments: [
            {
              id: 4,
              receiptNumber: 'ORB-2026-000004',
              receiptLink: '/api/payments/4/receipt',
              date: '2026-11-26T09:00:00.000Z',
              amountCents: 7015,
              currency: 'EUR',
              method: 'crypto',
              plan: 'premium',
              interval: null,
              durationMonths: 6,
              status: 'refunded',
              periodStart: null,
              periodEnd: null,
              receiptUrl: null,
            },
          ],
        },
      },
    });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
    expect((await screen.findByTestId('account-username')).textContent).toBe('anna');
    expect(screen.getByTestId('account-display-name').textContent).toBe('Anna');
    expect(screen.getByTestId('account-email').textContent).toBe('Nicht angegeben');
    const account = screen.getByRole('region', { name: 'Konto' });
    expect(within(account).getByRole('link', { name: 'Einstellungen' }).getAttribute('href')).toBe(
      '/settings',
    );
    expect((await screen.findByTestId('period-end')).textContent).toBe(
      'Gekündigt: endet am 26.12.2026',
    );
    expect(screen.getByRole('link', { name: 'Abo verwalten' }).getAttribute('href')).toBe(
      '/subscription',
    );
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(text(row)).toBe('26.11.202670,15 €KryptoPremium6 MonateErstattetORB-2026-000004');
    const receipt = within(row).getByRole('link', { name: 'Beleg ORB-2026-000004 öffnen' });
    expect(receipt.getAttribute('href')).toBe('/api/payments/4/receipt');
    expect(receipt.getAttribute('target')).toBe('_blank');
  });

  it('is opened from the user card', async () => {
    fakeServer({
      ...signedIn(),
      'GET /api/user/account': {
        status: 200,
        body: { id: 7, username: 'anna', displayName: 'Anna', email: 'anna@example.com' },
      },
      'GET /api/subscription': {
        status: 200,
        body: {
          plan: 'free',
          status: 'none',
          interval: null,
          startDate: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          scheduledPlan: null,
          paymentMethod: null,
          tier: 'free',
          expiresAt: null,
        },
      },
      'GET /api/payments': { status: 200, body: { payments: [] } },
      'GET /healthz': HEALTHY,
    });
    renderApp('/settings');
    const card = (await screen.findAllByTestId('user-card-profile'))[0]!;
    await userEvent.click(card);
    expect((await screen.findByTestId('account-email')).textContent).toBe('anna@example.com');
    expect(screen.getByText('Noch keine Zahlungen.')).toBeTruthy();
  });
});

describe('/profile: editing the account (spec 01-core §7 PATCH /api/user, §8 profile toasts)', () => {
  const FREE_SUBSCRIPTION = {
    plan: 'free',
    status: 'none',
    interval: null,
    startDate: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    scheduledPlan: null,
    paymentMethod: null,
    tier: 'free',
    expiresAt: null,
  };

  function profileServer(patch: Parameters<typeof fakeServer>[0][string]) {
    let account = { id: 7, username: 'anna', displayName: 'Anna', email: null as string | null };
    return fakeServer({
      ...signedIn(),
      'GET /api/user/account': () => ({ status: 200, body: account }),
      'GET /api/subscription': { status: 200, body: FREE_SUBSCRIPTION },
      'GET /api/payments': { status: 200, body: { payments: [] } },
      'PATCH /api/user': async (request) => {
        const answer = typeof patch === 'function' ? await patch(request) : patch;
        if (answer?.status === 200) account = { ...account, ...(request.body as object) };
        return answer;
      },
    });
  }

  it('sends only the changed display name and shows the new one', async () => {
    const { requests } = profileServer(() => ({
      status: 200,
      body: userBody({ displayName: 'Anna K.' }),
    }));
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Profil bearbeiten' }));
    const name = screen.getByLabelText('Anzeigename');
    await userEvent.clear(name);
    await userEvent.type(name, 'Anna K.');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Dein Profil wurde erfolgreich aktualisiert')).toBeTruthy();
    expect((await screen.findByTestId('account-display-name')).textContent).toBe('Anna K.');
    const patches = requests.filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => request.body)).toEqual([{ displayName: 'Anna K.' }]);
  });

  it('asks for the current password before a new email leaves, and shows a wrong one on its field', async () => {
    const { requests } = profileServer(() => ({
      status: 400,
      body: {
        message: 'Current password is incorrect',
        code: 'VALIDATION_ERROR',
        statusCode: 400,
        details: { currentPassword: ['Current password is incorrect'] },
      },
    }));
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Profil bearbeiten' }));
    await userEvent.type(screen.getByLabelText('E-Mail'), 'anna@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte gib dein aktuelles Passwort ein.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'not my password');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      (await screen.findAllByText('Das aktuelle Passwort ist falsch.')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('Profilaktualisierung fehlgeschlagen')).toBeTruthy();
    const patches = requests.filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => request.body)).toEqual([
      { email: 'anna@example.com', currentPassword: 'not my password' },
    ]);
    // Nothing typed is lost: the form stays open with the new address.
    expect(screen.getByLabelText<HTMLInputElement>('E-Mail').value).toBe('anna@example.com');
  });

  it('refuses a new password that the repetition does not match, without asking the server', async () => {
    const { requests } = profileServer(() => ({ status: 200, body: userBody() }));
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Profil bearbeiten' }));
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'a long new password');
    await userEvent.type(
      screen.getByLabelText('Neues Passwort wiederholen'),
      'a long new passw0rd',
    );
    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'old password');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });
});
