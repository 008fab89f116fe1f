import type { ServerResponse } from 'node:http';
import { failMidStream, floodUntilClosed, sleep, usageOf, type Script } from './script.ts';

/** OpenAI Chat Completions wire format (also Perplexity and OpenAI-compatible servers). */
export async function answerOpenAi(
  res: ServerResponse,
  body: { model?: string; stream?: boolean },
  script: Script,
) {
  const model = body.model ?? 'fake';
  const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model };
  const usage = usageOf(script);
  const usageJson = usage && {
    prompt_tokens: usage.input,
    completion_tokens: usage.output,
    total_tokens: usage.input + usage.output,
  };
  await sleep(script.firstChunkDelayMs ?? 0);
  if (res.destroyed) return;

  if (script.status) {
    res.writeHead(script.status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: { message: `fake error ${script.status}`, type: 'server_error', code: null },
      }),
    );
    return;
  }
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: (script.chunks ?? []).join('') },
            finish_reason: 'stop',
          },
        ],
        ...(usageJson ? { usage: usageJson } : {}),
      }),
    );
    return;
  }

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (payload: object) =>
    res.write(
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', ...payload })}\n\n`,
    );
  send({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  for (const [index, text] of (script.chunks ?? []).entries()) {
    if (index === script.failAfterChunks) return failMidStream(res);
    if (index === script.malformedAfterChunks) res.write('data: {"choices": [ not json\n\n');
    if (index > 0) await sleep(script.chunkDelayMs ?? 0);
    if (res.destroyed) return;
    send({ choices: [{ index: 0, delta: { content: text }, finish_reason: null }] });
  }
  if (script.failAfterChunks !== undefined) return failMidStream(res);
  if (script.flood?.kind === 'chunks') {
    const chunk = JSON.stringify({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: { content: script.flood.text }, finish_reason: null }],
    });
    return floodUntilClosed(res, `data: ${chunk}\n\n`.repeat(16));
  }
  if (script.flood?.kind === 'line') {
    res.write(`data: {"choices":[{"index":0,"delta":{"content":"`);
    return floodUntilClosed(res, script.flood.text);
  }
  if (
    script.malformedAfterChunks !== undefined &&
    script.malformedAfterChunks >= (script.chunks?.length ?? 0)
  ) {
    res.write('data: {"choices": [ not json\n\n');
  }
  send({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  if (usageJson) send({ choices: [], usage: usageJson });
  res.end('data: [DONE]\n\n');
}
