import { captureConsole, emit, formatValue, output, workerScope } from './worker-console.ts';

type TimerApi = (handler: unknown, delay?: number, ...args: unknown[]) => number;

/**
 * Runs JavaScript as a module from a blob URL (script-src allows blob:, so no eval is needed and
 * top-level await works). The run ends when the module has settled and no timer is pending; a
 * timer that never stops is ended by the page's time limit.
 */
export async function runJavaScript(runId: string, code: string) {
  captureConsole(runId);
  const pending = new Set<number>();
  let settled = false;
  let failed = false;
  const finishIfIdle = () => {
    if (settled && pending.size === 0) emit({ type: 'finished', runId, ok: !failed });
  };
  const report = (error: unknown) => {
    failed = true;
    output(runId, 'stderr', `Uncaught ${formatValue(error)}\n`);
  };
  workerScope.addEventListener('error', (event) => {
    event.preventDefault();
    report(event.error ?? event.message);
    finishIfIdle();
  });
  workerScope.addEventListener('unhandledrejection', (event) => {
    event.preventDefault();
    report(event.reason);
    finishIfIdle();
  });

  const scope = self as unknown as Record<string, TimerApi | ((id: number) => void)>;
  const nativeTimeout = scope.setTimeout as TimerApi;
  const nativeInterval = scope.setInterval as TimerApi;
  const nativeClearTimeout = scope.clearTimeout as (id: number) => void;
  const nativeClearInterval = scope.clearInterval as (id: number) => void;
  const callable = (handler: unknown) =>
    typeof handler === 'function' ? (handler as (...args: unknown[]) => void) : () => {};
  scope.setTimeout = (handler, delay, ...args) => {
    const id = nativeTimeout(() => {
      pending.delete(id);
      try {
        callable(handler)(...args);
      } finally {
        finishIfIdle();
      }
    }, delay);
    pending.add(id);
    return id;
  };
  scope.setInterval = (handler, delay, ...args) => {
    const id = nativeInterval(() => callable(handler)(...args), delay);
    pending.add(id);
    return id;
  };
  const clear = (native: (id: number) => void) => (id: number) => {
    native(id);
    pending.delete(id);
    finishIfIdle();
  };
  scope.clearTimeout = clear(nativeClearTimeout);
  scope.clearInterval = clear(nativeClearInterval);

  const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  emit({ type: 'started', runId });
  try {
    await import(/* @vite-ignore */ url);
  } catch (error) {
    report(error);
  } finally {
    URL.revokeObjectURL(url);
  }
  settled = true;
  finishIfIdle();
}

/** TypeScript loses its types (sucrase, loaded only when a TypeScript file runs) and runs as JavaScript. */
export async function runTypeScript(runId: string, code: string, filename: string) {
  const { transform } = await import('sucrase');
  let javascript: string;
  try {
    javascript = transform(code, {
      transforms: ['typescript'],
      disableESTransforms: true,
      filePath: filename,
    }).code;
  } catch (error) {
    emit({ type: 'started', runId });
    output(runId, 'stderr', `${formatValue(error)}\n`);
    emit({ type: 'finished', runId, ok: false, error: 'compile' });
    return;
  }
  await runJavaScript(runId, javascript);
}
