import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';
import { fakeServer, settingsBody, userBody, type RecordedRequest } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('de');
});

const ADMIN = userBody({ isAdmin: true });
const figures = (calls: number, tokens: number, cost: string) => ({
  calls,
  inputTokens: tokens,
  outputTokens: 0,
  totalTokens: tokens,
  cost,
});
const LIMITS = ['free', 'premium', 'expert', 'ultimate'].map((tier, index) => ({
  tier,
  monthlyTokens: 1000 * (index + 1),
  dailyTokens: 100 * (index + 1),
  maxRequestSize: 50,
  gpt5Access: tier === 'ultimate',
  claude4Access: tier === 'ultimate',
}));

function server(extra: Record<string, unknown> = {}) {
  return fakeServer({
    'GET /api/user': { status: 200, body: ADMIN },
    'GET /api/settings/7': { status: 200, body: settingsBody({ language: 'en' }) },
    'GET /api/conversations': { status: 200, body: [] },
    ...extra,
  });
}

describe('admin tokens area (issue #12)', () => {
  it('shows usage with decimal costs as sent, and saves a changed limit', async () => {
    await i18n.changeLanguage('en');
    const { requests } = server({
      'GET /api/admin/token-usage': {
        status: 200,
        body: {
          groupBy: 'day',
          from: '2026-10-28',
          to: '2026-11-26',
          items: [{ key: '2026-11-25', label: '2026-11-25', ...figures(2, 1500, '0.300001') }],
          nextCursor: null,
          totals: figures(2, 1500, '0.300001'),
        },
      },
      'GET /api/admin/token-limits': { status: 200, body: { limits: LIMITS } },
      'PUT /api/admin/token-limits': (request: RecordedRequest) => ({
        status: 200,
        body: request.body,
      }),
    });
    renderApp('/admin/tokens');
    const row = await screen.findByTestId('usage-row');
    expect(row.textContent).toContain('2026-11-25');
    expect(row.textContent).toContain('$0.300001');
    expect(screen.getByTestId('usage-totals').textContent).toContain('$0.300001');
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toContain('/api/admin/token-usage.csv?groupBy=day');

    const user = userEvent.setup();
    const daily = await screen.findByLabelText('Expert: Tokens per day');
    await user.clear(daily);
    await user.type(daily, '250');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const put = requests.find((request) => request.method === 'PUT')!;
    const sent = (put.body as { limits: typeof LIMITS }).limits;
    expect(sent.find((limit) => limit.tier === 'expert')).toMatchObject({ dailyTokens: 250 });
    expect(sent.find((limit) => limit.tier === 'free')).toEqual(LIMITS[0]);
  });

  it('names the row of calls made for no user account when usage is grouped by user', async () => {
    await i18n.changeLanguage('en');
    server({
      'GET /api/admin/token-usage': {
        status: 200,
        body: {
          groupBy: 'user',
          from: '2026-10-28',
          to: '2026-11-26',
          items: [
            { key: 'omnichannel', label: 'omnichannel', ...figures(3, 900, '0.002700') },
            { key: '7', label: 'omnichannel', ...figures(1, 100, '0.000300') },
          ],
          nextCursor: null,
          totals: figures(4, 1000, '0.003000'),
        },
      },
      'GET /api/admin/token-limits': { status: 200, body: { limits: LIMITS } },
    });
    renderApp('/admin/tokens');
    await waitFor(() => expect(screen.getAllByTestId('usage-row')).toHaveLength(2));
    const [triage, person] = screen.getAllByTestId('usage-row');
    expect(within(triage!).getByRole('rowheader').textContent).toBe(
      'Omnichannel (no user account)',
    );
    // A user who picked the name keeps it: only the key tells the two apart (decision 331).
    expect(within(person!).getByRole('rowheader').textContent).toBe('omnichannel');
  });

  it("lists users' API keys and revokes one", async () => {
    await i18n.changeLanguage('en');
    let revoked: string | null = null;
    const key = () => ({
      id: 5,
      name: 'CI',
      prefix: 'sk-orbit-AbCdEfGh',
      scopes: ['chat:write'],
      createdAt: '2026-11-01T10:00:00.000Z',
      expiresAt: '2099-01-01T10:00:00.000Z',
      lastUsedAt: null,
      revokedAt: revoked,
      userId: 9,
      username: 'bert',
    });
    const { requests } = server({
      // The page also shows the provider keys (admin-provider-keys feature).
      'GET /api/admin/provider-keys': { status: 200, body: { providers: [] } },
      'GET /api/admin/api-keys': () => ({
        status: 200,
        body: { items: [key()], nextCursor: null },
      }),
      'POST /api/admin/api-keys/5/revoke': () => {
        revoked = '2026-11-26T10:00:00.000Z';
        return { status: 200, body: key() };
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/admin/api-keys');
    const table = await screen.findByRole('table', { name: "Users' API keys" });
    const row = within(table).getByText('bert').closest('tr')!;
    expect(row.textContent).toContain('sk-orbit-AbCdEfGh');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getByText('Revoked', { selector: 'td' })).toBeTruthy());
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});
