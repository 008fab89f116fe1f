import type { OutputStream, RunnerEvent } from '#shared/codehub/runner-protocol.ts';

/** The engine worker's global scope: DOM typings lack the worker's. */
export const workerScope = self as unknown as {
  postMessage(message: RunnerEvent): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  addEventListener(
    type: 'unhandledrejection',
    listener: (event: PromiseRejectionEvent) => void,
  ): void;
};

export function emit(event: RunnerEvent) {
  workerScope.postMessage(event);
}

export function output(runId: string, stream: OutputStream, text: string) {
  emit({ type: 'output', runId, stream, text });
}

/** console.log's way of showing a value, without the DevTools object viewer. */
export function formatValue(value: unknown, nested = false): string {
  if (typeof value === 'string') return nested ? JSON.stringify(value) : value;
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return `[Function ${value.name || '(anonymous)'}]`;
  if (typeof value === 'symbol' || value === undefined) return String(value);
  if (value !== null && typeof value === 'object') {
    const seen = new WeakSet<object>();
    try {
      return JSON.stringify(value, (_key, inner: unknown) => {
        if (typeof inner === 'bigint') return `${inner}n`;
        if (inner instanceof Map) {
          return Object.fromEntries(inner as Map<unknown, unknown>) as Record<string, unknown>;
        }
        if (inner instanceof Set) return [...(inner as Set<unknown>)];
        if (inner !== null && typeof inner === 'object') {
          if (seen.has(inner)) return '[Circular]';
          seen.add(inner);
        }
        return inner;
      });
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
  // Numbers, booleans and null are left.
  return `${value as number | boolean | null}`;
}

/** Sends console.* of the worker to the page: log/info/debug as stdout, warn/error as stderr. */
export function captureConsole(runId: string) {
  const line =
    (stream: OutputStream) =>
    (...args: unknown[]) =>
      output(runId, stream, `${args.map((arg) => formatValue(arg)).join(' ')}\n`);
  const target = console as unknown as Record<string, unknown>;
  for (const name of ['log', 'info', 'debug', 'trace']) target[name] = line('stdout');
  for (const name of ['warn', 'error']) target[name] = line('stderr');
  target.table = (data: unknown) => line('stdout')(data);
  target.dir = (data: unknown) => line('stdout')(data);
}
