import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast } from '#client/components/ui/toast-store.ts';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { HttpError, TimeoutError } from '#client/lib/http.ts';
import { notifyError, notifySuccess } from '#client/lib/notify.ts';

describe('toasts (spec 01-core §8, §9)', () => {
  it('shows one toast at a time with the kind title and emoji', () => {
    render(<Toaster />);
    act(() => notifyError(new HttpError(500, 'Datenbank nicht erreichbar')));
    expect(screen.getByText('🔧 Serverfehler')).toBeTruthy();
    act(() => notifyError(new TimeoutError()));
    expect(screen.queryByText('🔧 Serverfehler')).toBeNull();
    expect(screen.getByText('⏱️ Zeitüberschreitung')).toBeTruthy();
    expect(
      screen.getByText('Die Anfrage hat zu lange gedauert. Bitte versuche es später erneut.'),
    ).toBeTruthy();
    act(() => notifySuccess('Gespeichert'));
    expect(screen.getByText('✅ Erfolgreich')).toBeTruthy();
    expect(
      screen.getAllByRole('status').length + screen.queryAllByRole('alert').length,
    ).toBeGreaterThan(0);
  });

  it('marks errors destructive except rate limits and timeouts', () => {
    render(<Toaster />);
    act(() => notifyError(new HttpError(403, 'Nein')));
    expect(screen.getByText('🚫 Keine Berechtigung').closest('li')?.className).toContain(
      'toast--destructive',
    );
    act(() => notifyError(new HttpError(429, 'Zu schnell')));
    expect(screen.getByText('⚠️ Zu viele Anfragen').closest('li')?.className).not.toContain(
      'toast--destructive',
    );
  });

  it('F8 moves the focus to the notification area', () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Hallo' });
    });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const area = screen.getByRole('region', { name: 'Benachrichtigungen (F8)' });
    expect(area.contains(document.activeElement)).toBe(true);
  });
});
