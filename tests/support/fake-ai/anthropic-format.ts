import type { ServerResponse } from 'node:http';
import { failMidStream, sleep, usageOf, type Script } from './script.ts';

/** Anthropic Messages wire format. */
export async function answerAnthropic(
  res: ServerResponse,
  body: { model?: string; stream?: boolean },
  script: Script,
) {
  const model = body.model ?? 'fake';
  const usage = usageOf(script) ?? { input: 0, output: 0 };
  await sleep(script.firstChunkDelayMs ?? 0);
  if (res.destroyed) return;

  if (script.status) {
    const type =
      script.status === 429
        ? 'rate_limit_error'
        : script.status === 529
          ? 'overloaded_error'
          : 'api_error';
    res.writeHead(script.status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ type: 'error', error: { type, message: `fake error ${script.status}` } }),
    );
    return;
  }
  const text = (script.chunks ?? []).join('');
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        model,
        content: [{ type: 'text', text }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: usage.output },
      }),
    );
    return;
  }

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (event: string, data: object) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
  send('message_start', {
    message: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      content: [],
      model,
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: 1 },
    },
  });
  send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  for (const [index, chunk] of (script.chunks ?? []).entries()) {
    if (index === script.failAfterChunks) return failMidStream(res);
    if (index === script.malformedAfterChunks)
      res.write('event: content_block_delta\ndata: {not json\n\n');
    if (index > 0) await sleep(script.chunkDelayMs ?? 0);
    if (res.destroyed) return;
    send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: chunk } });
  }
  if (script.failAfterChunks !== undefined) return failMidStream(res);
  send('content_block_stop', { index: 0 });
  send('message_delta', {
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: usage.output },
  });
  send('message_stop', {});
  res.end();
}
