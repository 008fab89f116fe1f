import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';
import {
  fakeServer,
  personaBody,
  settingsBody,
  userBody,
  type RecordedRequest,
} from './support/fake-server.ts';
import { stubSpeechRecognition } from './support/fake-speech.ts';
import { renderApp } from './support/render-app.tsx';

const MB = 1024 * 1024;
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
const pngFile = (name: string, size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
};

const persona = (id: number, name: string, nameDe: string, isDefault = false) =>
  personaBody({ id, name, nameDe, isDefault });

const model = (id: string, name: string, allowed: boolean) => ({
  id,
  name,
  provider: 'openai',
  minTier: allowed ? 'free' : 'ultimate',
  vision: true,
  contextWindow: 128000,
  allowed,
  available: true,
  reason: allowed ? null : 'Requires the ultimate plan',
});

interface Options {
  user?: Partial<PublicUser>;
  language?: Language;
  upload?: { status: number; body?: unknown };
  personas?: unknown[];
  models?: unknown[];
}

function composerServer(options: Options = {}) {
  return fakeServer({
    'GET /api/user': { status: 200, body: userBody(options.user) },
    'GET /api/settings/7': {
      status: 200,
      body: settingsBody({ language: options.language ?? 'de' }),
    },
    'GET /api/conversations': { status: 200, body: [] },
    'GET /api/models': {
      status: 200,
      body: {
        offline: false,
        models: options.models ?? [model('gpt-4o', 'GPT-4o', true), model('gpt-5', 'GPT-5', false)],
      },
    },
    'GET /api/personas': {
      status: 200,
      body: options.personas ?? [persona(1, 'Persona42', 'Persona42', true)],
    },
    'POST /api/files': options.upload ?? {
      status: 201,
      body: {
        id: 41,
        name: 'bild.png',
        size: 64,
        type: 'image/png',
        status: 'ready',
        processingError: null,
        createdAt: '2025-01-01T00:00:00.000Z',
      },
    },
    'DELETE /api/files/41': { status: 204 },
    'POST /api/chat': {
      status: 500,
      body: { message: 'x', code: 'SERVER_ERROR', statusCode: 500 },
    },
  });
}

const calls = (requests: RecordedRequest[], method: string, url: string) =>
  requests.filter((request) => request.method === method && request.url === url);

/** Picks files through the attach button's file input (the accept filter is the browser's). */
async function pick(...files: File[]) {
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no file input yet');
    return found;
  });
  await userEvent.setup({ applyAccept: false }).upload(input, files);
}

const toastText = async (title: string) =>
  (await screen.findByText(title, { exact: true })).closest('li')?.textContent ?? '';

describe('input bar attachments (spec 01-core §4 "Sending", §5)', () => {
  it('uploads a picked image, shows it as a chip, and sends its id with the file named in the text', async () => {
    const server = composerServer();
    renderApp('/chat');
    const send = await screen.findByRole('button', { name: 'Senden' });
    expect(send).toHaveProperty('disabled', true);

    await pick(pngFile('bild.png'));
    const chips = await screen.findByRole('list', { name: 'Angehängte Dateien' });
    await waitFor(() => expect(within(chips).getByText('bild.png')).toBeTruthy());
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    const [upload] = server.fetch.mock.calls.filter(([url]) => url === '/api/files');
    const form = upload?.[1]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('bild.png');

    await userEvent.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Was ist das?{Enter}');
    expect(await toastText('Datei wird analysiert …')).toContain('bild.png');
    await waitFor(() => expect(calls(server.requests, 'POST', '/api/chat')).toHaveLength(1));
    expect(calls(server.requests, 'POST', '/api/chat')[0]?.body).toEqual({
      message: 'Was ist das? [Datei: bild.png]',
      fileIds: [41],
      conversationId: null,
    });
    // Text and file are cleared after sending.
    expect(screen.queryByRole('list', { name: 'Angehängte Dateien' })).toBeNull();
  });

  it('a file alone can be sent; a removed file is deleted again and sends nothing', async () => {
    const server = composerServer();
    renderApp('/chat');
    await pick(pngFile('bild.png'));
    const remove = await screen.findByRole('button', { name: 'bild.png entfernen' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Senden' })).toHaveProperty('disabled', false),
    );
    await userEvent.click(remove);
    expect(screen.queryByRole('list', { name: 'Angehängte Dateien' })).toBeNull();
    await waitFor(() => expect(calls(server.requests, 'DELETE', '/api/files/41')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Senden' })).toHaveProperty('disabled', true);

    await pick(pngFile('bild.png'));
    const send = screen.getByRole('button', { name: 'Senden' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    await userEvent.click(send);
    await waitFor(() => expect(calls(server.requests, 'POST', '/api/chat')).toHaveLength(1));
    expect(calls(server.requests, 'POST', '/api/chat')[0]?.body).toMatchObject({
      message: '[Datei: bild.png]',
      fileIds: [41],
    });
  });

  it('refuses a file that is no image or PDF by its content, before any upload', async () => {
    const server = composerServer();
    renderApp('/chat');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nachricht' }), 'Entwurf');
    await pick(new File(['<script>alert(1)</script>'], 'harmlos.png', { type: 'image/png' }));
    await screen.findByText('Ungültiger Dateityp. Nur Bilder und PDFs sind erlaubt.');
    expect(calls(server.requests, 'POST', '/api/files')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveProperty('value', 'Entwurf');
  });

  it('refuses a file over the 10 MB of the free plan with its size, before any upload', async () => {
    const server = composerServer();
    renderApp('/chat');
    await pick(pngFile('gross.png', 11 * MB));
    const toast = await toastText('Die Datei ist zu groß. Maximal 10 MB erlaubt.');
    expect(toast).toContain('„gross.png“ ist 11 MB groß.');
    expect(calls(server.requests, 'POST', '/api/files')).toHaveLength(0);
  });

  it('lets Ultimate users attach up to 50 MB', async () => {
    const server = composerServer({ user: { subscriptionTier: 'ultimate', isSubscribed: true } });
    renderApp('/chat');
    await pick(pngFile('gross.png', 11 * MB));
    await waitFor(() => expect(calls(server.requests, 'POST', '/api/files')).toHaveLength(1));
  });

  it("shows the server's 413 and 415 as the spec's toasts and keeps the text", async () => {
    composerServer({
      upload: {
        status: 415,
        body: { message: 'Invalid file type.', code: 'VALIDATION_ERROR', statusCode: 415 },
      },
    });
    renderApp('/chat');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nachricht' }), 'Bleibt');
    await pick(pngFile('bild.png'));
    await screen.findByText('Ungültiger Dateityp. Nur Bilder und PDFs sind erlaubt.');
    expect(screen.queryByRole('list', { name: 'Angehängte Dateien' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveProperty('value', 'Bleibt');
  });

  it('a 413 names the limit the server gives', async () => {
    composerServer({
      upload: {
        status: 413,
        body: {
          message: 'File is too large. Maximum 10MB allowed.',
          code: 'VALIDATION_ERROR',
          statusCode: 413,
        },
      },
    });
    renderApp('/chat');
    await pick(pngFile('bild.png'));
    await screen.findByText('Die Datei ist zu groß. Maximal 10 MB erlaubt.');
  });

  it('uses the exact English texts of the spec in English', async () => {
    // A stored language wins over the detected one (spec 01-core §4).
    const server = composerServer({ language: 'en' });
    await i18n.changeLanguage('en');
    renderApp('/chat');
    await screen.findByRole('button', { name: 'Attach file' });
    await pick(new File(['hello'], 'a.pdf'));
    await screen.findByText('Invalid file type. Only images and PDFs are allowed.');
    await pick(pngFile('big.png', 10 * MB + 1));
    await screen.findByText('File is too large. Maximum 10MB allowed.');
    expect(calls(server.requests, 'POST', '/api/files')).toHaveLength(0);
  });
});

describe('model and persona choice (spec 01-core §4 "Active persona", §6)', () => {
  it('offers a free user only the models and personas of the plan', async () => {
    composerServer();
    renderApp('/chat');
    const models = await screen.findByRole('combobox', { name: 'KI-Modell' });
    await waitFor(() =>
      expect(
        within(models)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['GPT-4o']),
    );
    const personas = screen.getByRole('combobox', { name: 'Persona' });
    expect(
      within(personas)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Persona42']);
  });

  it('sends the picked model and persona; without a pick the server decides', async () => {
    const server = composerServer({
      user: { subscriptionTier: 'ultimate', isSubscribed: true },
      models: [model('gpt-4o', 'GPT-4o', true), model('gpt-5', 'GPT-5', true)],
      personas: [
        persona(1, 'Persona42', 'Persona42', true),
        persona(2, 'Code Expert', 'Code-Experte'),
      ],
    });
    renderApp('/chat');
    const input = await screen.findByRole('textbox', { name: 'Nachricht' });
    const personas = await screen.findByRole('combobox', { name: 'Persona' });
    await waitFor(() => expect(within(personas).getAllByRole('option')).toHaveLength(2));
    expect((personas as HTMLSelectElement).value).toBe('1');

    await userEvent.selectOptions(personas, 'Code-Experte');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'KI-Modell' }), 'GPT-5');
    await userEvent.type(input, 'Hilf mir{Enter}');
    await waitFor(() => expect(calls(server.requests, 'POST', '/api/chat')).toHaveLength(1));
    expect(calls(server.requests, 'POST', '/api/chat')[0]?.body).toEqual({
      message: 'Hilf mir',
      model: 'gpt-5',
      personaId: 2,
      conversationId: null,
    });
  });
});

describe('voice input', () => {
  it('is hidden where the browser has no speech recognition', async () => {
    composerServer();
    renderApp('/chat');
    await screen.findByRole('button', { name: 'Datei anhängen' });
    expect(screen.queryByRole('button', { name: 'Spracheingabe starten' })).toBeNull();
  });

  it('writes what is spoken into the input, in the interface language', async () => {
    const started = stubSpeechRecognition();
    composerServer();
    renderApp('/chat');
    const input = await screen.findByRole('textbox', { name: 'Nachricht' });
    await userEvent.type(input, 'Notiz:');
    await userEvent.click(await screen.findByRole('button', { name: 'Spracheingabe starten' }));
    expect(started[0]?.lang).toBe('de-DE');
    act(() => started[0]?.onresult?.({ results: [[{ transcript: 'Hallo Welt' }]] }));
    expect(input).toHaveProperty('value', 'Notiz: Hallo Welt');

    await userEvent.click(screen.getByRole('button', { name: 'Spracheingabe beenden' }));
    expect(screen.getByRole('button', { name: 'Spracheingabe starten' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Spracheingabe starten' }));
    act(() => started[1]?.onerror?.({ error: 'not-allowed' }));
    await screen.findByText('Kein Zugriff auf das Mikrofon. Bitte erlaube ihn in deinem Browser.');
  });
});
