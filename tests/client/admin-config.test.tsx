import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_SETTING_DEFAULTS, type AppSettings } from '#shared/admin/app-settings.ts';
import type { ProviderKeyStatus } from '#shared/admin/provider-keys.ts';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = {
  'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
  'GET /api/settings/7': { status: 200, body: settingsBody() },
  'GET /api/conversations': { status: 200, body: [] },
};

const model = (id: string, name: string, origin = 'builtin', enabled = true) => ({
  id,
  name,
  provider: 'openai',
  upstreamModel: id,
  minTier: 'free',
  vision: false,
  contextWindow: 128000,
  inputPricePerMillion: 2.5,
  outputPricePerMillion: 10,
  enabled,
  origin,
  configured: true,
  reason: null,
});

describe('/admin/settings', () => {
  it('switches settings at once, picks the default model and saves wallets, showing the server’s field errors', async () => {
    let settings: AppSettings = { ...APP_SETTING_DEFAULTS };
    const server = fakeServer({
      ...ADMIN,
      'GET /api/admin/settings': () => ({ status: 200, body: settings }),
      'GET /api/admin/models': {
        status: 200,
        body: [model('gpt-4o', 'GPT-4o'), model('house', 'House model', 'custom')],
      },
      'PATCH /api/admin/settings': (request) => {
        const patch = request.body as Partial<AppSettings>;
        if (patch.cryptoBtcAddress === 'bc1-wrong') {
          return {
            status: 400,
            body: {
              message: 'Invalid cryptoBtcAddress',
              code: 'VALIDATION_ERROR',
              statusCode: 400,
              details: { cryptoBtcAddress: ['Not a Bitcoin mainnet address'] },
            },
          };
        }
        settings = { ...settings, ...patch };
        return { status: 200, body: settings };
      },
    });
    renderApp('/admin/settings');

    const registration = await screen.findByRole('switch', { name: 'Registrierung offen' });
    expect((registration as HTMLInputElement).checked).toBe(true);
    await userEvent.click(registration);
    await waitFor(() => expect((registration as HTMLInputElement).checked).toBe(false));
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      registrationOpen: false,
    });

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Standardmodell/ }),
      'House model (house)',
    );
    await waitFor(() => expect(settings.defaultModel).toBe('house'));

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Bitcoin-Wallet-Adresse' }),
      'bc1-wrong',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Krypto-Einstellungen speichern' }));
    expect(await screen.findByText('Not a Bitcoin mainnet address')).toBeTruthy();
    expect(
      screen.getByRole('textbox', { name: 'Bitcoin-Wallet-Adresse' }).getAttribute('aria-invalid'),
    ).toBe('true');

    const rate = screen.getByRole('textbox', { name: 'EUR pro Bitcoin' });
    await userEvent.clear(screen.getByRole('textbox', { name: 'Bitcoin-Wallet-Adresse' }));
    await userEvent.type(rate, '58000.50');
    await userEvent.click(screen.getByRole('button', { name: 'Krypto-Einstellungen speichern' }));
    await waitFor(() => expect(settings.cryptoRateBtcEur).toBe('58000.50'));
    expect(settings.cryptoBtcAddress).toBeNull();
  });

  it('lists the model catalogue, switches a model off and adds one of a compatible server', async () => {
    const server = fakeServer({
      ...ADMIN,
      'GET /api/admin/settings': { status: 200, body: APP_SETTING_DEFAULTS },
      'GET /api/admin/models': { status: 200, body: [model('gpt-4o', 'GPT-4o')] },
      'PUT /api/admin/models/gpt-4o': (request) => ({
        status: 200,
        body: { ...model('gpt-4o', 'GPT-4o', 'override', false), ...(request.body as object) },
      }),
      'PUT /api/admin/models/llama-local': { status: 200, body: model('llama-local', 'Llama') },
    });
    renderApp('/admin/settings');

    const table = await screen.findByRole('table', { name: 'Modellkatalog' });
    expect(within(table).getByText('GPT-4o')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'GPT-4o ausschalten' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.url.endsWith('/gpt-4o'))?.body).toMatchObject({
        isEnabled: false,
        upstreamModel: 'gpt-4o',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Modell hinzufügen' }));
    const form = screen.getByRole('form', { name: 'Neues Modell' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Modell-ID' }), 'llama-local');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Llama');
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Upstream-Modell' }),
      'llama3.1:8b',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Modell speichern' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.url.endsWith('/llama-local'))?.body).toMatchObject({
        displayName: 'Llama',
        provider: 'openai-compatible',
        upstreamModel: 'llama3.1:8b',
        minTier: 'free',
        isEnabled: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Neues Modell' })).toBeNull());
  });

  it('imports a settings file and shows the server’s refusal of unknown keys', async () => {
    const server = fakeServer({
      ...ADMIN,
      'GET /api/admin/settings': { status: 200, body: APP_SETTING_DEFAULTS },
      'GET /api/admin/models': { status: 200, body: [] },
      'POST /api/admin/settings/import': {
        status: 400,
        body: {
          message: 'Unknown settings: colour',
          code: 'VALIDATION_ERROR',
          statusCode: 400,
          details: { settings: ["Unknown setting 'colour'"] },
        },
      },
    });
    renderApp('/admin/settings');
    const input = await screen.findByLabelText('Einstellungsdatei');
    const file = new File(
      [JSON.stringify({ format: 'orbit-chat-settings', version: 1, settings: { colour: 'red' } })],
      'settings.json',
      { type: 'application/json' },
    );
    await userEvent.upload(input, file);
    expect(await screen.findByText('Unknown settings: colour')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      settings: { colour: 'red' },
    });
  });
});

describe('/admin/api-keys', () => {
  const status = (provider: string, overrides: Partial<ProviderKeyStatus> = {}) => ({
    provider,
    apiKey: { configured: false, source: null, last4: null },
    baseUrl: { value: 'https://api.openai.com/v1', source: 'default' },
    endpointNeedsKey: false,
    updatedAt: null,
    updatedBy: null,
    error: null,
    ...overrides,
  });

  it('shows each provider’s state without the key, and sends a new key write-only', async () => {
    let openai = status('openai');
    const server = fakeServer({
      ...ADMIN,
      'GET /api/admin/provider-keys': () => ({
        status: 200,
        body: {
          providers: [
            openai,
            status('anthropic', {
              apiKey: { configured: true, source: 'env', last4: 'wxyz' },
            }),
            status('perplexity', { error: 'sealed with another APP_SECRET' }),
          ],
        },
      }),
      // The page also lists users' personal keys (admin-tokens feature).
      'GET /api/admin/api-keys': { status: 200, body: { items: [], nextCursor: null } },
      'PUT /api/admin/provider-keys/openai': () => {
        openai = status('openai', {
          apiKey: { configured: true, source: 'admin', last4: '9876' },
          updatedAt: '2026-11-26T10:00:00.000Z',
          updatedBy: 'chefin',
        });
        return { status: 200, body: openai };
      },
    });
    renderApp('/admin/api-keys');

    const anthropic = await screen.findByRole('article', { name: 'Anthropic' });
    expect(within(anthropic).getByText('Aus der Server-Umgebung · endet auf wxyz')).toBeTruthy();
    const perplexity = screen.getByRole('article', { name: 'Perplexity' });
    expect(within(perplexity).getByRole('alert').textContent).toContain('another APP_SECRET');

    const card = screen.getByRole('article', { name: 'OpenAI (und kompatible Server)' });
    expect(within(card).getByText('Nicht eingerichtet')).toBeTruthy();
    const keyField = within(card).getByLabelText<HTMLInputElement>(/Neuer API-Schlüssel/);
    expect(keyField.type).toBe('password');
    await userEvent.type(keyField, 'sk-new-secret-9876');
    await userEvent.click(within(card).getByRole('button', { name: 'Speichern' }));

    expect(await within(card).findByText('Im Admin-Bereich gesetzt · endet auf 9876')).toBeTruthy();
    expect(keyField.value).toBe('');
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      apiKey: 'sk-new-secret-9876',
    });
  });

  it('says why an endpoint needs its own key: the environment’s key is not sent there (decision 324)', async () => {
    const envKey = { configured: true, source: 'env', last4: 'abcd' } as const;
    const server = fakeServer({
      ...ADMIN,
      'GET /api/admin/provider-keys': {
        status: 200,
        body: {
          providers: [
            status('openai', { apiKey: envKey }),
            status('anthropic', {
              baseUrl: { value: 'https://proxy.example/v1', source: 'admin' },
              endpointNeedsKey: true,
              updatedAt: '2026-11-26T10:00:00.000Z',
            }),
          ],
        },
      },
      'GET /api/admin/api-keys': { status: 200, body: { items: [], nextCursor: null } },
      'PUT /api/admin/provider-keys/openai': {
        status: 400,
        body: {
          message: 'An endpoint set in the admin area needs a key set there too',
          code: 'VALIDATION_ERROR',
          statusCode: 400,
          details: { apiKey: ['Required with this endpoint'] },
        },
      },
    });
    renderApp('/admin/api-keys');

    const anthropic = await screen.findByRole('article', { name: 'Anthropic' });
    expect(within(anthropic).getByRole('alert').textContent).toContain(
      'Der hier gesetzte Endpunkt hat keinen eigenen Schlüssel.',
    );

    const card = screen.getByRole('article', { name: 'OpenAI (und kompatible Server)' });
    await userEvent.type(
      within(card).getByLabelText(/Anderer Endpunkt/),
      'https://elsewhere.example/v1',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Speichern' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'Gib für diesen Endpunkt auch einen Schlüssel ein: Der Schlüssel aus der Server-Umgebung wird nur an den Endpunkt der Umgebung gesendet.',
    );
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      baseUrl: 'https://elsewhere.example/v1',
    });
  });

  it('uses the environment again only once confirmed, and not twice while on its way', async () => {
    const stored = status('anthropic', {
      apiKey: { configured: true, source: 'admin', last4: '1234' },
      updatedAt: '2026-11-26T10:00:00.000Z',
      updatedBy: 'chefin',
    });
    let answerDelete: () => void = () => {};
    const server = fakeServer({
      ...ADMIN,
      'GET /api/admin/provider-keys': { status: 200, body: { providers: [stored] } },
      'GET /api/admin/api-keys': { status: 200, body: { items: [], nextCursor: null } },
      'DELETE /api/admin/provider-keys/anthropic': () =>
        new Promise((resolve) => {
          answerDelete = () => resolve({ status: 200, body: status('anthropic') });
        }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderApp('/admin/api-keys');

    const card = await screen.findByRole('article', { name: 'Anthropic' });
    const button = within(card).getByRole('button', { name: 'Wieder die Umgebung verwenden' });
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledWith(
      'Den hier gespeicherten Schlüssel und Endpunkt für Anthropic löschen und wieder die der Server-Umgebung verwenden?',
    );
    const deletes = () => server.requests.filter((r) => r.method === 'DELETE');
    expect(deletes()).toEqual([]);

    confirm.mockReturnValue(true);
    await userEvent.click(button);
    await waitFor(() => expect(button.matches(':disabled')).toBe(true));
    await userEvent.click(button);
    expect(deletes()).toHaveLength(1);
    answerDelete();
    await waitFor(() => expect(button.matches(':disabled')).toBe(false));
  });
});

describe('registration and maintenance', () => {
  it('the register screen says registration is closed instead of showing the form', async () => {
    fakeServer({
      'GET /api/user': { status: 401, body: { message: 'x', code: 'AUTH_ERROR', statusCode: 401 } },
      'GET /api/app-config': {
        status: 200,
        body: { registrationOpen: false, maintenanceMode: false },
      },
    });
    renderApp('/auth?mode=register');
    expect(await screen.findByText('Die Registrierung ist geschlossen.')).toBeTruthy();
    expect(screen.queryByLabelText('Benutzername')).toBeNull();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toBeTruthy();
  });

  it('every screen shows the maintenance banner while maintenance is on', async () => {
    fakeServer({
      'GET /api/user': { status: 401, body: { message: 'x', code: 'AUTH_ERROR', statusCode: 401 } },
      'GET /api/app-config': {
        status: 200,
        body: { registrationOpen: true, maintenanceMode: true },
      },
    });
    renderApp('/auth');
    const text = await screen.findByText(
      'Orbit Chat wird gerade gewartet. Bitte versuche es später erneut.',
      { exact: false },
    );
    expect(text.closest('[role="status"]')?.textContent).toContain('Wartung:');
  });
});
