/**
 * Orbit's own work per forwarded chunk, without I/O: a chunk taken from a reply stream as the
 * generation runner takes it, published on the live generation and written as an SSE event
 * (batched per frame) to a response that discards the bytes. The
 * difference to an empty event-loop turn is what the chat engine adds per chunk on top of the
 * provider adapter and the sockets.
 */
import { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReplyStream } from '#server/ai/reply.ts';
import { sendEventStream } from '#server/features/chat/chat-stream.ts';
import { createMemoryRegistry } from '#server/realtime/generation-registry.ts';

class NullResponse extends Writable {
  override _write(_chunk: unknown, _encoding: string, done: () => void) {
    done();
  }
  writeHead() {
    return this;
  }
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const cpu = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

export async function forwardingCostMicros(chunks = 100_000): Promise<number> {
  const c0 = cpu();
  for (let index = 0; index < chunks; index++) await turn();
  const baseline = cpu() - c0;

  const generation = await createMemoryRegistry().claim('bench', 1);
  const raw = new NullResponse();
  const reply = { hijack() {}, raw, getHeaders: () => ({}) } as unknown as FastifyReply;
  // The open-streams gauge (observability/metrics.ts) counts nothing here.
  const server = { metrics: { streamOpened: () => () => {} } };
  sendEventStream({ id: 'bench', server } as unknown as FastifyRequest, reply, generation);
  generation.publish('start', {
    conversationId: 'bench',
    userMessageId: 1,
    assistantMessageId: 2,
    model: 'gpt-4o',
  });
  // A reply stream delivering one chunk per event-loop turn, read as runGeneration reads it.
  const stream: ReplyStream = {
    read: async (onText) => {
      for (let index = 0; index < chunks; index++) {
        await turn();
        onText(`w${index} `);
      }
      return {};
    },
  };
  let content = '';
  const c1 = cpu();
  await stream.read((text) => {
    content += text;
    generation.publish('delta', { text });
  });
  const forwarding = cpu() - c1;
  generation.publish('done', { length: content.length });
  return (forwarding - baseline) / chunks;
}
