import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PagedList } from '#client/components/ui/paged-list.tsx';
import { usePagedList } from '#client/lib/use-paged-list.ts';
import { BackupHistoryPageSchema, type BackupHistoryItem } from '#shared/admin/backups.ts';
import type { RecordedRequest } from './support/fake-server.ts';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp, renderWithProviders } from './support/render-app.tsx';

const backup = (id: number): BackupHistoryItem => ({
  id,
  configId: null,
  filename: `orbit-pglite-20261120-030000-${id}.tar`,
  format: 'pglite',
  size: 2_500_000,
  status: 'verified',
  errorMessage: null,
  tableCount: 24,
  startedAt: '2026-11-20T03:00:00.000Z',
  completedAt: '2026-11-20T03:00:05.000Z',
  isAutomatic: true,
  retainUntil: '2026-11-27T03:00:05.000Z',
  fileDeletedAt: null,
});

const SERVER_ERROR = {
  status: 500,
  body: { message: 'Database unavailable', code: 'SERVER_ERROR', statusCode: 500 },
};

/** GET /api/admin/backups: page one, then page two, which fails the first time it is asked for. */
function pagedBackups() {
  let secondPageAsked = 0;
  return (request: RecordedRequest) => {
    if (!request.url.includes('cursor=')) {
      return { status: 200, body: { items: [backup(2)], nextCursor: 'page-2' } };
    }
    secondPageAsked += 1;
    return secondPageAsked === 1
      ? SERVER_ERROR
      : { status: 200, body: { items: [backup(1)], nextCursor: null } };
  };
}

describe('a server-paged list whose next page fails', () => {
  it('a table keeps its rows and offers to try again beside "Load more"', async () => {
    fakeServer({
      'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /api/admin/backups': pagedBackups(),
      'GET /api/admin/backups/configs': { status: 200, body: { items: [], nextCursor: null } },
    });
    renderApp('/admin/database');

    const history = await screen.findByRole('table', { name: 'Sicherungen' });
    expect(within(history).getByText(backup(2).filename)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));

    const alert = await screen.findByText('Weitere Einträge konnten nicht geladen werden.');
    expect(screen.getByRole('table', { name: 'Sicherungen' })).toBe(history);
    expect(within(history).getByText(backup(2).filename)).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await within(history).findByText(backup(1).filename)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText('Weitere Einträge konnten nicht geladen werden.')).toBeNull(),
    );
  });

  it('a list of cards keeps its cards and offers to try again', async () => {
    fakeServer({ 'GET /api/admin/backups': pagedBackups() });
    const texts: Record<string, string> = {
      'lists.mine': 'Meine Sicherungen',
      'lists.loading': 'Lädt…',
      'lists.loadFailed': 'Die Sicherungen konnten nicht geladen werden.',
      'lists.empty.mine': 'Keine Sicherungen.',
      'lists.loadMore': 'Weitere Sicherungen',
    };
    function Backups() {
      const list = usePagedList('test-backups', '/api/admin/backups', {}, BackupHistoryPageSchema);
      return (
        <PagedList
          headingId="backups"
          scope="mine"
          t={(key) => texts[key] ?? key}
          list={list}
          className=""
          itemClassName=""
          itemKey={(item) => String(item.id)}
          renderItem={(item) => item.filename}
        />
      );
    }
    renderWithProviders(<Backups />);

    expect(await screen.findByText(backup(2).filename)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Weitere Sicherungen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Weitere Einträge konnten nicht geladen werden.');
    expect(screen.getByText(backup(2).filename)).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText(backup(1).filename)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
