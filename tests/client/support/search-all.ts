import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Opens the search over all conversations from the sidebar and types `query`; the dialog. */
export async function searchAllConversations(query: string) {
  const sidebar = await screen.findByTestId('sidebar');
  await userEvent.click(
    await within(sidebar).findByRole('button', { name: 'Alle Gespräche durchsuchen' }),
  );
  const dialog = await screen.findByTestId('search-dialog');
  await userEvent.type(
    await within(dialog).findByLabelText('Titel und Nachrichten aller Gespräche durchsuchen'),
    query,
  );
  return dialog;
}
