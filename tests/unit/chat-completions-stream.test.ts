import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletionsBody, streamChatCompletions } from '#server/ai/chat-completions-stream.ts';
import { AppError } from '#shared/errors/app-error.ts';

/**
 * The lean Chat Completions reader (decision 041) against a real HTTP server that writes the raw
 * bytes compatible servers send: what tests/support/fake-ai cannot vary (line endings, frames
 * split mid-character, no [DONE], error frames).
 */
let server: Server;
let baseUrl = '';
let respond: (res: ServerResponse) => void = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => respond(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${address.port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const chunk = (content: string) =>
  `{"choices":[{"index":0,"delta":{"content":${JSON.stringify(content)}}}]}`;

async function read(pieces: (string | Buffer)[], status = 200) {
  respond = (res) => {
    res.writeHead(status, { 'content-type': 'text/event-stream' });
    void (async () => {
      for (const piece of pieces) {
        res.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      res.end();
    })();
  };
  const stream = streamChatCompletions(
    { baseUrl, apiKey: 'k', provider: 'openai-compatible' },
    {
      model: 'llama3',
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hallo' }] }],
      signal: new AbortController().signal,
    },
  );
  const texts: string[] = [];
  const usage = await stream.read((text) => texts.push(text));
  return { texts, usage };
}

describe('reading a Chat Completions stream', () => {
  it('joins a character split across packets and reads CRLF lines and data without a space', async () => {
    const frame = Buffer.from(`data: ${chunk('Grüße')}\r\n\r\n`);
    const split = frame.indexOf(Buffer.from('ü')) + 1; // inside the two bytes of ü
    const { texts, usage } = await read([
      frame.subarray(0, split),
      frame.subarray(split),
      `data:${chunk(' aus Köln')}\n\n`,
      `data: {"choices":[],"usage":{"prompt_tokens":7,"completion_tokens":3}}\n\n`,
      'data: [DONE]\n\n',
    ]);
    expect(texts.join('')).toBe('Grüße aus Köln');
    expect(usage).toEqual({ inputTokens: 7, outputTokens: 3 });
  });

  it('accepts a complete body without [DONE] and ignores comments', async () => {
    const { texts } = await read([': keep-alive\n\n', `data: ${chunk('Ende')}\n\n`]);
    expect(texts).toEqual(['Ende']);
  });

  it('fails with 502 API_ERROR on an error frame and on a chunk that is not JSON', async () => {
    for (const pieces of [
      [`data: ${chunk('Teil')}\n\n`, 'data: {"error":{"type":"server_error"}}\n\n'],
      ['data: {"choices": [ nope\n\n'],
    ]) {
      const failure = await read(pieces).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ code: 'API_ERROR', statusCode: 502 });
    }
  });

  it('answers 503 for a rate limit and 502 for another error status', async () => {
    await expect(read(['{"error":{}}'], 429)).rejects.toMatchObject({ statusCode: 503 });
    await expect(read(['{"error":{}}'], 400)).rejects.toMatchObject({
      statusCode: 502,
      details: { upstreamStatus: 400 },
    });
  });
});

describe('the request body', () => {
  it('sends a lone text as a string and images as data URLs, like the AI SDK adapter', () => {
    const body = chatCompletionsBody('gpt-4o', [
      { role: 'system', content: 'Sei nett.' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hallo!' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Was ist das?' },
          { type: 'file', data: new Uint8Array([1, 2, 3]), mediaType: 'image/png' },
        ],
      },
    ]);
    expect(body.messages).toEqual([
      { role: 'system', content: 'Sei nett.' },
      { role: 'assistant', content: 'Hallo!' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Was ist das?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } },
        ],
      },
    ]);
  });

  it.each([
    ['gpt-5', 'developer'],
    ['o3-mini', 'developer'],
    ['gpt-5-chat-latest', 'system'],
    ['gpt-4o', 'system'],
    ['llama3.1', 'system'],
  ])('gives %s the system prompt as %s', (model, role) => {
    const body = chatCompletionsBody(model, [{ role: 'system', content: 'x' }]);
    expect(body.messages[0]!.role).toBe(role);
  });
});
