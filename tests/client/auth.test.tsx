import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeServer,
  HEALTHY,
  GUEST,
  settingsBody,
  userBody,
  type RecordedRequest,
} from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

describe('auth screen (spec 01-core §2, §4, §8)', () => {
  it('validates inline with the shared schema before calling the server', async () => {
    const server = fakeServer({ 'GET /api/user': GUEST });
    renderApp('/auth?mode=register');
    await userEvent.type(await screen.findByLabelText('Benutzername'), 'ab');
    await userEvent.type(screen.getByLabelText('E-Mail-Adresse (optional)'), 'nope');
    await userEvent.type(screen.getByLabelText('Passwort'), 'short');
    await userEvent.type(screen.getByLabelText('Passwort wiederholen'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect(screen.getByText('Der Benutzername muss 3 bis 32 Zeichen lang sein.')).toBeTruthy();
    expect(screen.getByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByText('Das Passwort muss 8 bis 256 Zeichen lang sein.')).toBeTruthy();
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(screen.getByLabelText('Benutzername').getAttribute('aria-invalid')).toBe('true');
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('logs in with remember me and greets by name', async () => {
    let signedIn = false;
    const server = fakeServer({
      'GET /api/user': () => (signedIn ? { status: 200, body: userBody() } : GUEST),
      'POST /api/login': (request: RecordedRequest) => {
        signedIn = true;
        return {
          status: 200,
          body: userBody({ username: (request.body as { username: string }).username }),
        };
      },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /healthz': HEALTHY,
    });
    renderApp('/auth');
    await userEvent.type(await screen.findByLabelText('Benutzername'), 'anna');
    await userEvent.type(screen.getByLabelText('Passwort'), 'correct horse');
    await userEvent.click(screen.getByLabelText('Angemeldet bleiben'));
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Angemeldet')).toBeTruthy();
    expect(screen.getByText('Willkommen zurück, Anna!')).toBeTruthy();
    const login = server.requests.find((r) => r.url === '/api/login');
    expect(login?.body).toEqual({ username: 'anna', password: 'correct horse', rememberMe: true });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Orbit Chat' })).toBeTruthy(),
    );
  });

  it('logs out after the reads of the signed-in user still on their way, not across them', async () => {
    let signedIn = true;
    let answerList: () => void = () => {};
    const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
    const server = fakeServer({
      'GET /api/user': () => (signedIn ? { status: 200, body: userBody() } : GUEST),
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      // The list is slow: logging out before it arrives would end the session it was sent with.
      'GET /api/conversations': async () => {
        await listAnswered;
        return signedIn
          ? { status: 200, body: [] }
          : { status: 401, body: { code: 'AUTHENTICATION_ERROR', statusCode: 401 } };
      },
      'GET /healthz': HEALTHY,
      'POST /api/logout': () => {
        signedIn = false;
        return { status: 200, body: { message: 'Logged out' } };
      },
    });
    renderApp('/');
    const sidebar = await screen.findByTestId('sidebar');
    await waitFor(() =>
      expect(server.requests.some((r) => r.url.startsWith('/api/conversations'))).toBe(true),
    );
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Abmelden' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests.some((r) => r.url === '/api/logout')).toBe(false);

    answerList();
    expect(await screen.findByText('Du wurdest erfolgreich abgemeldet')).toBeTruthy();
    const order = server.requests.map((r) => r.url);
    expect(order.indexOf('/api/logout')).toBeGreaterThan(
      order.findIndex((url) => url.startsWith('/api/conversations')),
    );
  });

  it('stays signed out while the logout is on its way, though the registration checks the user again meanwhile', async () => {
    let signedIn = false;
    let answerLogout = () => {};
    const server = fakeServer({
      'GET /api/user': () => (signedIn ? { status: 200, body: userBody() } : GUEST),
      'POST /api/register': () => {
        signedIn = true;
        return { status: 201, body: userBody() };
      },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /healthz': HEALTHY,
      // The session ends when the logout is answered; until then the server still knows the user.
      'POST /api/logout': () =>
        new Promise((resolve) => {
          answerLogout = () => {
            signedIn = false;
            resolve({ status: 200, body: { message: 'Logged out' } });
          };
        }),
    });
    renderApp('/auth?mode=register');
    await userEvent.type(await screen.findByLabelText('Benutzername'), 'anna');
    await userEvent.type(screen.getByLabelText('Passwort'), 'correct horse');
    await userEvent.type(screen.getByLabelText('Passwort wiederholen'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    const sidebar = await screen.findByTestId('sidebar');
    await within(sidebar).findByTestId('user-name');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/logout')).toBe(true));

    // The registration's second check of the user (300 ms after it) falls in this wait.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(within(sidebar).queryByTestId('user-name')).toBeNull();
    answerLogout();
    expect(await screen.findByText('Du wurdest erfolgreich abgemeldet')).toBeTruthy();
    expect(within(sidebar).getByRole('link', { name: 'Anmelden' })).toBeTruthy();
  });

  it('signs the user out on screen at once, and brings them back when the logout fails', async () => {
    let answerLogout: (status: number) => void = () => {};
    const server = fakeServer({
      'GET /api/user': { status: 200, body: userBody() },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /healthz': HEALTHY,
      'POST /api/logout': () =>
        new Promise((resolve) => {
          answerLogout = (status) =>
            resolve({
              status,
              body: { message: 'Database unavailable', code: 'SERVER_ERROR', statusCode: status },
            });
        }),
    });
    renderApp('/');
    const sidebar = await screen.findByTestId('sidebar');
    await userEvent.click(await within(sidebar).findByRole('button', { name: 'Abmelden' }));
    // Spec 01-core §4: the user is null at once, while the request is still on its way.
    expect(await within(sidebar).findByRole('link', { name: 'Anmelden' })).toBeTruthy();
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/logout')).toBe(true));

    // The session lives on: the server's user comes back.
    answerLogout(503);
    expect(await screen.findByText('Abmeldung fehlgeschlagen')).toBeTruthy();
    expect(await within(sidebar).findByTestId('user-name')).toBeTruthy();
  });

  it('shows the failure toast with a translated reason', async () => {
    fakeServer({
      'GET /api/user': GUEST,
      'POST /api/login': {
        status: 401,
        body: { message: 'Invalid username or password', code: 'AUTH_ERROR', statusCode: 401 },
      },
    });
    renderApp('/auth');
    await userEvent.type(await screen.findByLabelText('Benutzername'), 'anna');
    await userEvent.type(screen.getByLabelText('Passwort'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Anmeldung fehlgeschlagen')).toBeTruthy();
    expect(screen.getByText('Benutzername oder Passwort ist falsch.')).toBeTruthy();
  });
});
