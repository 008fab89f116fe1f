import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog } from '#client/components/ui/modal-dialog.tsx';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

/** jsdom lays nothing out: the dialog's box is given, 600 × 550 px from (100, 50). */
function giveBox(dialog: HTMLElement) {
  const box = {
    left: 100,
    top: 50,
    right: 700,
    bottom: 600,
    width: 600,
    height: 550,
    x: 100,
    y: 50,
  };
  vi.spyOn(dialog, 'getBoundingClientRect').mockReturnValue({ ...box, toJSON: () => box });
}

/** A press and its release (pointerdown, then the click the browser sends) at a point. */
function pressAndRelease(
  down: HTMLElement,
  up: HTMLElement,
  at: { clientX: number; clientY: number },
) {
  fireEvent.pointerDown(down, at);
  fireEvent.click(up, at);
}

const BACKDROP = { clientX: 20, clientY: 20 };
const PADDING = { clientX: 104, clientY: 300 };

function Harness({ shouldKeepEdits = false }: { shouldKeepEdits?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title="Prompt"
        closeLabel="Close"
        shouldKeepEdits={shouldKeepEdits}
      >
        <label>
          System prompt
          <textarea />
        </label>
      </ModalDialog>
    </>
  );
}

describe('modal dialog: what closes it', () => {
  it('closes on a press and release on the backdrop, not on a click in its padding or a selection dragged out of it', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Prompt' });
    giveBox(dialog);
    const field = within(dialog).getByLabelText('System prompt');

    // A text selection started in the field and released over the backdrop: the click goes to
    // the dialog element.
    pressAndRelease(field, dialog, BACKDROP);
    expect(screen.getByText('open')).toBeTruthy();
    // The dialog's padding is the dialog element too, but inside its box.
    pressAndRelease(dialog, dialog, PADDING);
    expect(screen.getByText('open')).toBeTruthy();

    pressAndRelease(dialog, dialog, BACKDROP);
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('a form keeps what was typed on a backdrop click, and Escape asks before throwing it away', async () => {
    render(<Harness shouldKeepEdits />);
    const dialog = screen.getByRole('dialog', { name: 'Prompt' });
    giveBox(dialog);
    await userEvent.type(within(dialog).getByLabelText('System prompt'), 'A long system prompt');

    pressAndRelease(dialog, dialog, BACKDROP);
    expect(screen.getByText('open')).toBeTruthy();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const escape = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(escape);
    expect(confirm).toHaveBeenCalledWith(
      'Deine Eingaben gehen dabei verloren. Trotzdem schließen?',
    );
    expect(escape.defaultPrevented).toBe(true);

    confirm.mockReturnValue(true);
    const confirmed = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(confirmed);
    expect(confirmed.defaultPrevented).toBe(false);
  });

  it('the persona form survives a stray click beside it', async () => {
    const subscriber = userBody({ isSubscribed: true, subscriptionTier: 'expert' });
    fakeServer({
      'GET /api/user': { status: 200, body: subscriber },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /api/personas': { status: 200, body: [] },
    });
    renderApp('/personas');
    await userEvent.click(await screen.findByRole('button', { name: 'Neue Persona' }));
    const dialog = await screen.findByTestId('persona-dialog');
    giveBox(dialog);
    const prompt = within(dialog).getByLabelText<HTMLTextAreaElement>('System-Prompt');
    await userEvent.type(prompt, 'Du bist Gärtnerin.');

    pressAndRelease(dialog, dialog, BACKDROP);
    expect(screen.getByTestId('persona-dialog').hasAttribute('open')).toBe(true);
    expect(prompt.value).toBe('Du bist Gärtnerin.');
  });
});
