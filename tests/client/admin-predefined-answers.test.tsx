import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const entry = (id: number, keyword: string, extra: object = {}) => ({
  id,
  keyword,
  answer: `Answer for ${keyword}`,
  translations: { de: null, zh: null, mk: null, sq: null, ko: null },
  priority: 0,
  isActive: true,
  exactMatch: false,
  caseSensitive: false,
  category: 'shop',
  tags: ['faq'],
  createdBy: 1,
  createdAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
  ...extra,
});

function adminServer(routes: Parameters<typeof fakeServer>[0]) {
  return fakeServer({
    'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    ...routes,
  });
}

describe('/admin/predefined-answers', () => {
  it('lists the answers and tries a message with the server’s matcher', async () => {
    const server = adminServer({
      'GET /api/admin/predefined-answers': {
        status: 200,
        body: {
          items: [entry(1, 'Lieferzeit', { exactMatch: true, priority: 5 })],
          nextCursor: null,
        },
      },
      'POST /api/admin/predefined-answers/try': (request) => ({
        status: 200,
        body: {
          match:
            (request.body as { message: string }).message === 'Lieferzeit?'
              ? { id: 1, keyword: 'Lieferzeit', answer: 'Zwei Tage.' }
              : null,
        },
      }),
    });
    renderApp('/admin/predefined-answers');
    const table = await screen.findByRole('table', { name: 'Vordefinierte Antworten' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('strong').textContent).toBe('Lieferzeit');
    expect(within(row).getByText('Exakte Übereinstimmung')).toBeTruthy();
    expect(within(row).getByText('5')).toBeTruthy();

    const tryBox = screen.getByRole('region', { name: 'Nachricht testen' });
    await userEvent.type(within(tryBox).getByRole('textbox', { name: 'Nachricht' }), 'Lieferzeit?');
    await userEvent.click(within(tryBox).getByRole('button', { name: 'Testen' }));
    expect(await within(tryBox).findByText('Zwei Tage.')).toBeTruthy();
    expect(server.requests.find((r) => r.url.endsWith('/try'))?.body).toEqual({
      message: 'Lieferzeit?',
      language: 'de',
    });

    await userEvent.clear(within(tryBox).getByRole('textbox', { name: 'Nachricht' }));
    await userEvent.type(within(tryBox).getByRole('textbox', { name: 'Nachricht' }), 'Hallo');
    await userEvent.click(within(tryBox).getByRole('button', { name: 'Testen' }));
    expect(
      await within(tryBox).findByText(
        'Keine vordefinierte Antwort passt: Das Modell würde antworten.',
      ),
    ).toBeTruthy();
  });

  it('creates an answer, shows a duplicate keyword at its field, and keeps what was typed', async () => {
    let attempts = 0;
    const server = adminServer({
      'GET /api/admin/predefined-answers': { status: 200, body: { items: [], nextCursor: null } },
      'POST /api/admin/predefined-answers': (request) => {
        attempts += 1;
        if (attempts === 1) {
          const message = 'A predefined answer with this keyword already exists';
          return {
            status: 409,
            body: { message, code: 'CONFLICT', statusCode: 409, details: { keyword: [message] } },
          };
        }
        return { status: 201, body: entry(2, (request.body as { keyword: string }).keyword) };
      },
    });
    renderApp('/admin/predefined-answers');
    await screen.findByText('Keine Einträge.');
    await userEvent.click(screen.getByRole('button', { name: 'Neue Antwort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Antwort' });
    await userEvent.type(within(dialog).getByLabelText('Stichwort'), 'Versand');
    await userEvent.type(within(dialog).getByLabelText(/^Antwort/), 'Wir versenden täglich.');
    await userEvent.type(within(dialog).getByLabelText('Schlagwörter'), 'faq, shop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(
      await within(dialog).findByText('A predefined answer with this keyword already exists'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Stichwort').value).toBe('Versand');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const created = server.requests.filter(
      (r) => r.method === 'POST' && r.url.endsWith('/predefined-answers'),
    );
    expect(created.at(-1)?.body).toMatchObject({
      keyword: 'Versand',
      answer: 'Wir versenden täglich.',
      tags: ['faq', 'shop'],
      exactMatch: false,
      isActive: true,
    });
  });

  it('deletes an answer after confirmation', async () => {
    vi.stubGlobal('confirm', () => true);
    const server = adminServer({
      'GET /api/admin/predefined-answers': {
        status: 200,
        body: { items: [entry(3, 'Retoure')], nextCursor: null },
      },
      'DELETE /api/admin/predefined-answers/3': { status: 204 },
    });
    renderApp('/admin/predefined-answers');
    const table = await screen.findByRole('table', { name: 'Vordefinierte Antworten' });
    await userEvent.click(within(table).getByRole('button', { name: 'Löschen Retoure' }));
    await waitFor(() =>
      expect(server.requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/3'))).toBe(true),
    );
  });
});
