import { screen, within } from '@testing-library/react';
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
import { renderApp } from './support/render-app.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('de');
});

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
