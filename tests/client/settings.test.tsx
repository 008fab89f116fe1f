import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { isModelAllowedForTier, MODELS } from '#shared/models/model-ids.ts';
import {
  fakeServer,
  GUEST,
  personaBody,
  settingsBody,
  userBody,
  type RecordedRequest,
} from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

function signedInServer(
  user = userBody(),
  conversationCount = 0,
  extraRoutes: Parameters<typeof fakeServer>[0] = {},
) {
  let settings = settingsBody();
  return fakeServer({
    ...extraRoutes,
    'GET /api/user': { status: 200, body: user },
    'GET /api/settings/7': () => ({ status: 200, body: settings }),
    'PATCH /api/settings/7': (request: RecordedRequest) => {
      settings = { ...settings, ...(request.body as object) };
      return { status: 200, body: settings };
    },
    // The server's catalogue as a free user sees it (spec 01-core §6).
    'GET /api/models': {
      status: 200,
      body: {
        offline: false,
        models: MODELS.map((model) => ({
          id: model.id,
          name: model.name,
          provider: model.provider,
          minTier: model.minTier,
          vision: model.vision,
          contextWindow: model.contextWindow,
          allowed: isModelAllowedForTier(model.id, 'free'),
          available: true,
          reason: null,
        })),
      },
    },
    'GET /api/conversations': {
      status: 200,
      body: Array.from({ length: conversationCount }, (_, i) => ({
        id: i + 1,
        title: `Thema ${i + 1}`,
        timestamp: new Date().toISOString(),
        conversationId: `c${i + 1}`,
        personaId: null,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })),
    },
    'GET /api/personas': {
      status: 200,
      body: [
        personaBody({
          id: 1,
          name: 'Persona42',
          nameDe: 'Persona42',
          nameZh: null,
          nameMk: null,
          nameSq: null,
          nameKo: null,
          isDefault: true,
          language: 'en',
        }),
        personaBody({
          id: 2,
          name: 'Code Mentor',
          nameDe: 'Code-Mentor',
          nameZh: '代码导师',
          nameMk: null,
          nameSq: null,
          nameKo: null,
          isDefault: false,
          language: 'en',
        }),
      ],
    },
  });
}

const patches = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'PATCH').map((request) => request.body);

describe('settings (spec 01-core §2, §4)', () => {
  it('patches one field per change and applies it at once', async () => {
    const server = signedInServer();
    renderApp('/settings');
    const theme = await screen.findByRole('group', { name: 'Farbschema' });
    await userEvent.click(within(theme).getByLabelText('Hell'));
    expect(document.documentElement.classList.contains('light')).toBe(true);
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Akzentfarbe' })).getByLabelText('Petrol'),
    );
    expect(document.documentElement.dataset.accent).toBe('teal');
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Schriftgröße' })).getByLabelText('Groß (18 px)'),
    );
    expect(document.documentElement.style.fontSize).toBe('18px');
    await userEvent.click(screen.getByRole('switch', { name: 'Übergangsanimationen' }));
    expect(document.documentElement.classList.contains('no-animations')).toBe(true);
    await waitFor(() =>
      expect(patches(server.requests)).toEqual([
        { theme: 'hell' },
        { accentColor: 'teal' },
        { fontSize: 'large' },
        { animationsEnabled: false },
      ]),
    );
  });

  it('offers the tier models, marks the others, and names personas in the interface language', async () => {
    signedInServer();
    renderApp('/settings');
    const model = await screen.findByLabelText('Modell');
    await waitFor(() => expect(within(model).getAllByRole('option').length).toBe(10));
    expect(within(model).getByRole<HTMLOptionElement>('option', { name: 'GPT-4o' }).disabled).toBe(
      false,
    );
    const locked = within(model).getByRole<HTMLOptionElement>('option', {
      name: /GPT-5 – nicht in deinem Plan/,
    });
    expect(locked.disabled).toBe(true);
    const persona = screen.getByLabelText('Standard-Persona');
    await waitFor(() =>
      expect(within(persona).getByRole('option', { name: 'Code-Mentor' })).toBeTruthy(),
    );
  });

  it('does not offer the offline assistant as a default model', async () => {
    const model = (id: string, name: string, provider: string, available: boolean) => ({
      id,
      name,
      provider,
      minTier: 'free',
      vision: false,
      contextWindow: 128_000,
      allowed: true,
      available,
      reason: null,
    });
    signedInServer(userBody(), 0, {
      'GET /api/models': {
        status: 200,
        body: {
          offline: true,
          models: [
            model('gpt-4o', 'GPT-4o', 'openai', false),
            model('offline', 'Orbit Offline-Assistent', 'offline', true),
          ],
        },
      },
    });
    renderApp('/settings');
    const select = await screen.findByLabelText('Modell');
    await waitFor(() => expect(within(select).queryAllByRole('option').length).toBeGreaterThan(0));
    expect(within(select).queryByRole('option', { name: /Offline-Assistent/ })).toBeNull();
  });

  it('changes the language at once and stores it', async () => {
    const server = signedInServer();
    renderApp('/settings');
    const languages = await screen.findByRole('group', { name: 'Sprache der Oberfläche' });
    await userEvent.click(within(languages).getByLabelText('English'));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(patches(server.requests)).toEqual([{ language: 'en' }]));
  });

  it('shows the real plan, the admin token link and, on small screens, the last 5 conversations', async () => {
    signedInServer(userBody({ isAdmin: true, isSubscribed: true, subscriptionTier: 'premium' }), 7);
    renderApp('/settings');
    expect(await screen.findByTestId('plan-badge')).toHaveProperty(
      'textContent',
      'Dein Plan: Premium',
    );
    expect(screen.getByRole('link', { name: 'Token-Verwaltung' }).getAttribute('href')).toBe(
      '/admin/tokens',
    );
    const recent = await within(screen.getByRole('main')).findByRole('region', {
      name: 'Letzte Gespräche',
    });
    await waitFor(() => expect(within(recent).getAllByRole('link')).toHaveLength(6));
    expect(
      within(recent).getByRole('link', { name: 'Alle 7 Gespräche anzeigen' }).getAttribute('href'),
    ).toBe('/history');
  });

  it('lets guests change the look in this browser without calling the server', async () => {
    const server = fakeServer({ 'GET /api/user': GUEST });
    renderApp('/settings');
    const theme = await screen.findByRole('group', { name: 'Farbschema' });
    await userEvent.click(within(theme).getByLabelText('Dunkel'));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(patches(server.requests)).toEqual([]);
    expect(
      screen.getByText(/Melde dich an, um Modell, Persona und Antwortlänge zu wählen/),
    ).toBeTruthy();
  });
});
