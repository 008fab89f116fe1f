import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';
import { fakeServer, settingsBody, userBody, type RecordedRequest } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

/** A persona as the list carries it: a built-in one without its system prompts (decision 303). */
function persona(id: number, overrides: Record<string, unknown> = {}) {
  const texts = (field: string) =>
    Object.fromEntries(['De', 'Zh', 'Mk', 'Sq', 'Ko'].map((suffix) => [`${field}${suffix}`, null]));
  const prompts =
    overrides.isCustom === true ? { systemPrompt: `You are ${id}`, ...texts('systemPrompt') } : {};
  return {
    id,
    name: `Persona ${id}`,
    description: `About ${id}`,
    icon: 'sparkles',
    color: '#a855f7',
    isDefault: false,
    isCustom: false,
    userId: null,
    language: 'en',
    createdAt: '2024-03-05T10:00:00.000Z',
    ...texts('name'),
    ...texts('description'),
    ...prompts,
    ...overrides,
  };
}

const persona42 = persona(1, {
  name: 'Persona42',
  description: 'Your friendly all-round assistant.',
  descriptionDe: 'Dein freundlicher Allround-Assistent.',
  isDefault: true,
});

const SUBSCRIBER = userBody({ isSubscribed: true, subscriptionTier: 'expert' });

function server(
  user: Record<string, unknown>,
  personas: unknown[],
  extra = {},
  settingsOverrides: Record<string, unknown> = {},
) {
  let settings = settingsBody(settingsOverrides);
  let list = personas;
  return fakeServer({
    'GET /api/user': { status: 200, body: user },
    'GET /api/settings/7': () => ({ status: 200, body: settings }),
    'PATCH /api/settings/7': (request: RecordedRequest) => {
      settings = { ...settings, ...(request.body as object) };
      return { status: 200, body: settings };
    },
    'GET /api/conversations': { status: 200, body: [] },
    'GET /api/personas': () => ({ status: 200, body: list }),
    'POST /api/personas': (request: RecordedRequest) => {
      const created = persona(9, { ...(request.body as object), isCustom: true, userId: 7 });
      list = [...list, created];
      return { status: 201, body: created };
    },
    ...extra,
  });
}

const requestsTo = (requests: RecordedRequest[], method: string, prefix: string) =>
  requests.filter((request) => request.method === method && request.url.startsWith(prefix));

describe('personas screen (spec 01-core §2, §6)', () => {
  it('shows free users Persona42 in their language and what upgrading unlocks', async () => {
    server(userBody(), [persona42]);
    renderApp('/personas');
    const card = await screen.findByRole('article', { name: 'Persona42' });
    expect(within(card).getByText('Dein freundlicher Allround-Assistent.')).toBeTruthy();
    expect(within(card).getByText('Standard')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: 'Neuen Chat mit „Persona42“ beginnen' })
        .getAttribute('href'),
    ).toBe('/chat?persona=1');
    const upgrade = screen.getByRole('region', { name: 'Mehr Personas mit einem Abo' });
    expect(within(upgrade).getByRole('link', { name: 'Jetzt upgraden' }).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(
      within(upgrade).getByRole('link', { name: 'Pläne vergleichen' }).getAttribute('href'),
    ).toBe('/pricing');
    expect(screen.queryByRole('button', { name: 'Neue Persona' })).toBeNull();
  });

  it('lets a subscriber create a persona, checking the required fields first', async () => {
    const api = server(SUBSCRIBER, [persona42]);
    renderApp('/personas');
    await userEvent.click(await screen.findByRole('button', { name: 'Neue Persona' }));
    const dialog = await screen.findByTestId('persona-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect(within(dialog).getByText('Name ist erforderlich')).toBeTruthy();
    expect(within(dialog).getByText('Beschreibung ist erforderlich')).toBeTruthy();
    expect(within(dialog).getByText('System-Prompt ist erforderlich')).toBeTruthy();
    expect(await screen.findByText('Bitte fülle alle Pflichtfelder aus')).toBeTruthy();
    expect(requestsTo(api.requests, 'POST', '/api/personas')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Gärtnerin');
    await userEvent.type(within(dialog).getByLabelText('Beschreibung'), 'Hilft im Garten');
    await userEvent.type(within(dialog).getByLabelText('System-Prompt'), 'Du bist Gärtnerin.');
    await userEvent.selectOptions(within(dialog).getByLabelText('Symbol'), 'Herz');
    // The texts are German (the interface language): German needs no translation.
    expect(within(dialog).queryByLabelText('Name (Deutsch)')).toBeNull();
    await userEvent.click(within(dialog).getByText('中文', { selector: 'summary' }));
    await userEvent.type(within(dialog).getByLabelText('Name (中文)'), '园丁');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));

    await waitFor(() => expect(requestsTo(api.requests, 'POST', '/api/personas')).toHaveLength(1));
    const body = requestsTo(api.requests, 'POST', '/api/personas')[0]!.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      name: 'Gärtnerin',
      description: 'Hilft im Garten',
      systemPrompt: 'Du bist Gärtnerin.',
      icon: 'heart',
      language: 'de',
      nameZh: '园丁',
      nameDe: null,
    });
    expect(await screen.findByText('Die Persona „Gärtnerin“ wurde erstellt.')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Gärtnerin' })).toBeTruthy();
  });

  it('edits translations only, refusing to save when nothing changed', async () => {
    const own = persona(5, { name: 'Koch', isCustom: true, userId: 7, nameZh: '厨师' });
    const api = server(SUBSCRIBER, [persona42, own], {
      'PATCH /api/personas/5': (request: RecordedRequest) => ({
        status: 200,
        body: { ...own, ...(request.body as object) },
      }),
    });
    renderApp('/personas');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Übersetzungen von „Koch“ bearbeiten' }),
    );
    const dialog = await screen.findByTestId('persona-dialog');
    // The main fields are shown but locked (a disabled fieldset).
    expect(within(dialog).getByLabelText('Name').matches(':disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Keine Änderungen')).toBeTruthy();
    expect(screen.getByText('Du hast an den Übersetzungen nichts geändert')).toBeTruthy();
    expect(requestsTo(api.requests, 'PATCH', '/api/personas')).toHaveLength(0);

    const german = within(dialog).getByLabelText('Name (Deutsch)');
    await userEvent.type(german, 'Koch (DE)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(requestsTo(api.requests, 'PATCH', '/api/personas')).toHaveLength(1));
    expect(requestsTo(api.requests, 'PATCH', '/api/personas')[0]!.body).toEqual({
      translationOnly: true,
      nameDe: 'Koch (DE)',
    });
    expect(await screen.findByText('Die Persona „Koch“ wurde gespeichert.')).toBeTruthy();
  });

  it('sends only the changed fields of a full edit', async () => {
    const own = persona(5, { name: 'Koch', isCustom: true, userId: 7 });
    const api = server(SUBSCRIBER, [persona42, own], {
      'PATCH /api/personas/5': (request: RecordedRequest) => ({
        status: 200,
        body: { ...own, ...(request.body as object) },
      }),
    });
    renderApp('/personas');
    await userEvent.click(await screen.findByRole('button', { name: '„Koch“ bearbeiten' }));
    const dialog = await screen.findByTestId('persona-dialog');
    const description = within(dialog).getByLabelText('Beschreibung');
    await userEvent.clear(description);
    await userEvent.type(description, 'Kocht vegetarisch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(requestsTo(api.requests, 'PATCH', '/api/personas')).toHaveLength(1));
    expect(requestsTo(api.requests, 'PATCH', '/api/personas')[0]!.body).toEqual({
      description: 'Kocht vegetarisch',
    });
  });

  it('deletes after confirmation and reports the server reason on failure', async () => {
    const own = persona(5, { name: 'Koch', isCustom: true, userId: 7 });
    server(SUBSCRIBER, [persona42, own], {
      'DELETE /api/personas/5': {
        status: 403,
        body: {
          message: 'Custom personas require an active subscription',
          code: 'PERMISSION_ERROR',
          statusCode: 403,
        },
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/personas');
    await userEvent.click(await screen.findByRole('button', { name: '„Koch“ löschen' }));
    expect(confirm).toHaveBeenCalledWith('Möchtest du die Persona „Koch“ wirklich löschen?');
    expect(
      await screen.findByText(
        'Persona konnte nicht gelöscht werden: Custom personas require an active subscription',
      ),
    ).toBeTruthy();
  });

  it('sets the default persona through the settings', async () => {
    const api = server(SUBSCRIBER, [persona42, persona(2, { name: 'Code Expert' })]);
    renderApp('/personas');
    const card = await screen.findByRole('article', { name: 'Code Expert' });
    await userEvent.click(
      within(card).getByRole('button', { name: '„Code Expert“ als Standard-Persona festlegen' }),
    );
    await waitFor(() =>
      expect(requestsTo(api.requests, 'PATCH', '/api/settings/7')[0]?.body).toEqual({
        defaultPersona: 2,
      }),
    );
    expect(await screen.findByText('„Code Expert“ ist jetzt deine Standard-Persona.')).toBeTruthy();
    expect(within(card).getByText('Standard')).toBeTruthy();
    const first = screen.getByRole('article', { name: 'Persona42' });
    expect(within(first).queryByText('Standard')).toBeNull();
  });

  it("uses the spec's English texts in English", async () => {
    await i18n.changeLanguage('en');
    const failing = {
      'POST /api/personas': {
        status: 400,
        body: {
          message: 'Please fill in all required fields',
          code: 'VALIDATION_ERROR',
          statusCode: 400,
        },
      },
    };
    server(SUBSCRIBER, [persona42], failing, { language: 'en' });
    renderApp('/personas');
    await userEvent.click(await screen.findByRole('button', { name: 'New persona' }));
    const dialog = await screen.findByTestId('persona-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Description is required')).toBeTruthy();
    expect(within(dialog).getByText('System prompt is required')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'X');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Y');
    await userEvent.type(within(dialog).getByLabelText('System prompt'), 'Z');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Failed to create persona: Please fill in all required fields'),
    ).toBeTruthy();
  });
});
