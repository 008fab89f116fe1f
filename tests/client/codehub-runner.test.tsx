import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OutputPanel } from '#client/features/codehub/runner/output-panel.tsx';
import type { RunnerCommand, RunResult } from '#shared/codehub/runner-protocol.ts';
import { renderWithProviders } from './support/render-app.tsx';

/**
 * The Output panel's side of the sandbox (decision 240). jsdom runs no sandbox page, so the test
 * plays the runner: it posts from the iframe's window as the real one does. The runs themselves
 * are exercised in Chromium (tests/e2e/codehub-runner.spec.ts).
 */

const files = [{ filename: 'index.js', content: "console.log('hi')" }];

function sandboxFrame() {
  const frame = document.querySelector('iframe');
  if (!frame?.contentWindow) throw new Error('no sandbox iframe');
  return frame as HTMLIFrameElement & { contentWindow: Window };
}

const statusText = () => screen.getByRole('status').textContent;

function post(source: Window | null, data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source, origin: 'null' }));
  });
}

async function startRun(onResult?: (result: RunResult) => void) {
  renderWithProviders(
    <OutputPanel files={files} mainFile="index.js" language="javascript" onResult={onResult} />,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Ausführen' }));
  const frame = sandboxFrame();
  const sent: RunnerCommand[] = [];
  vi.spyOn(frame.contentWindow, 'postMessage').mockImplementation((message: unknown) => {
    sent.push(message as RunnerCommand);
  });
  post(frame.contentWindow, { type: 'ready' });
  expect(sent).toHaveLength(1);
  return { frame, command: sent[0]! };
}

describe('the Output panel', () => {
  it('runs the main file in an opaque-origin sandbox and shows stdout, stderr and the result', async () => {
    const results: RunResult[] = [];
    const { frame, command } = await startRun((result) => results.push(result));
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe('/runner/index.html');
    expect(command).toMatchObject({
      type: 'run',
      language: 'javascript',
      mainFile: 'index.js',
      files,
    });
    expect(statusText()).toBe('Laufzeitumgebung wird geladen…');

    const { runId } = command;
    post(frame.contentWindow, { type: 'started', runId });
    expect(statusText()).toBe('Läuft…');
    post(frame.contentWindow, { type: 'output', runId, stream: 'stdout', text: 'hi\n' });
    post(frame.contentWindow, { type: 'output', runId, stream: 'stderr', text: 'oops\n' });
    post(frame.contentWindow, { type: 'finished', runId, ok: true });

    const log = screen.getByRole('log', { name: 'Programmausgabe' });
    expect(log.querySelector('[data-stream="stdout"]')?.textContent).toBe('hi\n');
    expect(log.querySelector('[data-stream="stderr"]')?.textContent).toBe('Fehler: oops\n');
    expect(statusText()).toMatch(/^Fertig nach \d+ ms\.$/);
    expect(results).toEqual([
      expect.objectContaining({
        language: 'javascript',
        status: 'ok',
        output: [
          { stream: 'stdout', text: 'hi\n' },
          { stream: 'stderr', text: 'oops\n' },
        ],
      }),
    ]);
  });

  it('ignores messages from other windows, of another run, or of the wrong shape', async () => {
    const { frame, command } = await startRun();
    const { runId } = command;
    post(frame.contentWindow, { type: 'started', runId });
    // The page itself (or any other frame) cannot pose as the sandbox.
    post(window, { type: 'output', runId, stream: 'stdout', text: 'forged\n' });
    post(frame.contentWindow, {
      type: 'output',
      runId: 'another-run',
      stream: 'stdout',
      text: 'old\n',
    });
    post(frame.contentWindow, { type: 'output', runId, stream: 'html', text: '<b>x</b>' });
    post(frame.contentWindow, { type: 'output', runId, stream: 'stdout', text: 'real\n' });
    expect(screen.getByRole('log', { name: 'Programmausgabe' }).textContent).toBe('real\n');
    expect(statusText()).toBe('Läuft…');
  });

  it('Stop removes the sandbox and reports the run as stopped', async () => {
    const results: RunResult[] = [];
    const { frame, command } = await startRun((result) => results.push(result));
    post(frame.contentWindow, { type: 'started', runId: command.runId });
    await userEvent.click(screen.getByRole('button', { name: 'Stoppen' }));
    expect(document.querySelector('iframe')).toBeNull();
    expect(statusText()).toBe('Gestoppt.');
    expect(results.map((result) => result.status)).toEqual(['stopped']);
  });

  it('the time limit ends a run that does not finish, however often it says it started', async () => {
    renderWithProviders(<OutputPanel files={files} mainFile="index.js" language="javascript" />);
    const limit = await screen.findByLabelText('Zeitlimit (s)');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // An input event, as typing sends: Preact's onChange (like React's) answers it, not a bare change.
      fireEvent.input(limit, { target: { value: '3' } });
      fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
      const frame = sandboxFrame();
      const sent: RunnerCommand[] = [];
      vi.spyOn(frame.contentWindow, 'postMessage').mockImplementation((message: unknown) => {
        sent.push(message as RunnerCommand);
      });
      post(frame.contentWindow, { type: 'ready' });
      post(frame.contentWindow, { type: 'started', runId: sent[0]!.runId });
      act(() => {
        vi.advanceTimersByTime(2000);
      });
      // The user's code shares the worker and can post 'started' again: the clock runs on.
      post(frame.contentWindow, { type: 'started', runId: sent[0]!.runId });
      act(() => {
        vi.advanceTimersByTime(999);
      });
      expect(statusText()).toBe('Läuft…');
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(statusText()).toBe('Gestoppt: Das Zeitlimit von 3 s wurde erreicht.');
      expect(document.querySelector('iframe')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says which languages run when the main file’s cannot', async () => {
    renderWithProviders(<OutputPanel files={[]} mainFile="Main.java" language="java" />);
    expect(
      await screen.findByText(
        'Java kann nicht im Browser ausgeführt werden. Ausführbar sind hier: JavaScript, TypeScript, Python, SQL und HTML.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ausführen' })).toBeNull();
  });
});
