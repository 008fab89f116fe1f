import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '#client/app/error-boundary.tsx';
import { fakeServer } from './support/fake-server.ts';
import { renderWithProviders } from './support/render-app.tsx';

let shouldThrow = true;
function Fragile() {
  const [label] = useState('working');
  if (shouldThrow) throw new Error('Broken widget');
  return <p>{label}</p>;
}

describe('error screen (spec 01-core §2)', () => {
  it('shows the error screen, reports the error, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = fakeServer({ 'POST /api/client-errors': { status: 201, body: { id: 1 } } });
    renderWithProviders(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oops! Etwas ist schief gelaufen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/client-errors',
      body: { message: 'Broken widget', url: window.location.href },
    });
    expect((server.requests[0]!.body as { componentStack: string }).componentStack).toContain(
      'Fragile',
    );
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(screen.getByText('working')).toBeTruthy();
  });
});
