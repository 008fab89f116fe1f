import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { withDeadline } from '#server/deadline.ts';

// A provider that takes the request and never answers.
const sockets = new Set<import('node:net').Socket>();
const server: Server = createServer(() => {});
server.on('connection', (socket) => sockets.add(socket));
const listening = new Promise<string>((resolve) =>
  server.listen(0, '127.0.0.1', () =>
    resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
  ),
);
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('withDeadline', () => {
  it('ends a call that gets no answer, even with garbage collections while it waits', async () => {
    const url = await listening;
    const deadline = withDeadline(new AbortController().signal, 300, 'no answer within 300 ms');
    // AbortSignal.timeout() inside AbortSignal.any() was collected here and the call hung.
    const collections = setInterval(collectGarbage, 20);
    const started = Date.now();
    try {
      const call = fetch(url, { signal: deadline.signal });
      await expect(call).rejects.toMatchObject({
        name: 'TimeoutError',
        message: 'no answer within 300 ms',
      });
    } finally {
      clearInterval(collections);
      deadline.clear();
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 10_000);

  it("ends with the caller's signal before its time is up", async () => {
    const url = await listening;
    const caller = new AbortController();
    const deadline = withDeadline(caller.signal, 60_000, 'no answer within a minute');
    const call = fetch(url, { signal: deadline.signal });
    setTimeout(() => caller.abort(new Error('shutting down')), 50);
    await expect(call).rejects.toThrow('shutting down');
    deadline.clear();
  });
});
