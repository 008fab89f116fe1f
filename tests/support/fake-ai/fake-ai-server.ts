import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { answerAnthropic } from './anthropic-format.ts';
import { answerOpenAi } from './openai-format.ts';
import { DEFAULT_SCRIPT, type Script } from './script.ts';

export type FakeProvider = 'openai' | 'anthropic';

const CONTROL_PREFIX = '/__control';

export interface RecordedRequest {
  provider: FakeProvider;
  path: string;
  headers: IncomingHttpHeaders;
  // Whatever the client sent; tests read the fields they assert on.
  body: {
    model?: string;
    stream?: boolean;
    system?: unknown;
    messages?: WireMessage[];
    [key: string]: unknown;
  };
  /** True once the client closed the connection before the answer ended (Stop, abort). */
  closedByClient: boolean;
  /** Resolves when the exchange is over, either way. */
  finished: Promise<void>;
}

export interface WireMessage {
  role: string;
  content: string | { type: string; text?: string; [key: string]: unknown }[];
}

/** The text of a message, whether sent as a string or as content parts. */
export function textOf(message: WireMessage | undefined): string {
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => part.text ?? '').join('');
}

/** The last user message's text: what tests match scripts on. */
export function lastUserText(request: RecordedRequest): string {
  const users = (request.body.messages ?? []).filter((message) => message.role === 'user');
  return textOf(users.at(-1));
}

/**
 * A real HTTP server on 127.0.0.1 speaking the OpenAI Chat Completions (also at /chat/completions,
 * as Perplexity) and Anthropic Messages formats, streamed and not. Scripts pick behaviours by a
 * marker in the last user message; every request is recorded for assertions.
 */
export class FakeAi {
  readonly requests: RecordedRequest[] = [];
  private readonly scripts: { match: (request: RecordedRequest) => boolean; script: Script }[] = [];
  private readonly sockets = new Set<Socket>();
  private server!: Server;
  url = '';

  /**
   * `port` 0 picks a free one. `control` adds the /__control API through which tests in other
   * processes (the Playwright workers) script answers and read requests: tests/e2e/support/fake-upstream.ts.
   */
  static async start(options: { port?: number; control?: boolean } = {}): Promise<FakeAi> {
    const fake = new FakeAi();
    await fake.listen(options.port ?? 0, options.control ?? false);
    return fake;
  }

  /** Answers requests whose last user message contains `marker` with `script` (latest wins). */
  when(marker: string, script: Script) {
    this.scripts.unshift({ match: (request) => lastUserText(request).includes(marker), script });
  }

  /** Like when(), for requests whose last user message contains every one of `markers`. */
  whenAll(markers: string[], script: Script) {
    this.scripts.unshift({
      match: (request) => markers.every((marker) => lastUserText(request).includes(marker)),
      script,
    });
  }

  /** Every request (streamed or not) whose last user message contains every one of `markers`. */
  requestsWithAll(...markers: string[]) {
    return this.requests.filter((request) =>
      markers.every((marker) => lastUserText(request).includes(marker)),
    );
  }

  /** Streamed chat requests only (the title call is not streamed). */
  chatRequests() {
    return this.requests.filter((request) => request.body.stream === true);
  }

  titleRequests() {
    return this.requests.filter((request) => request.body.stream !== true);
  }

  /** The streamed request whose last user message contains the marker. */
  requestWith(marker: string) {
    return this.chatRequests().find((request) => lastUserText(request).includes(marker));
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async listen(port: number, control: boolean) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0]!;
        if (control && path.startsWith(CONTROL_PREFIX)) {
          this.answerControl(req.method ?? 'GET', req.url ?? '', Buffer.concat(chunks), res);
          return;
        }
        const provider: FakeProvider | undefined = path.endsWith('/messages')
          ? 'anthropic'
          : path.endsWith('/chat/completions')
            ? 'openai'
            : undefined;
        if (!provider || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        let resolveFinished!: () => void;
        const record: RecordedRequest = {
          provider,
          path,
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as RecordedRequest['body'],
          closedByClient: false,
          finished: new Promise((resolve) => (resolveFinished = resolve)),
        };
        this.requests.push(record);
        res.on('close', () => {
          if (!res.writableFinished) record.closedByClient = true;
          resolveFinished();
        });
        const script = this.scripts.find((entry) => entry.match(record))?.script ?? DEFAULT_SCRIPT;
        if (script.hang) return;
        const answer = provider === 'anthropic' ? answerAnthropic : answerOpenAi;
        void Promise.resolve(script.waitFor)
          .then(() => answer(res, record.body, script))
          .catch(() => res.destroy());
      });
    });
    // Node closes an idle keep-alive connection after 5 s; a client reusing it at that moment gets
    // "other side closed" (bench/chat-stream.ts did, on a loaded machine). Providers keep idle
    // connections far longer, and close() destroys the open ones anyway.
    this.server.keepAliveTimeout = 60_000;
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('fake AI server has no port');
    this.url = `http://127.0.0.1:${address.port}`;
  }

  private answerControl(method: string, url: string, body: Buffer, res: ServerResponse) {
    const { pathname, searchParams } = new URL(url, 'http://fake');
    if (method === 'POST' && pathname === `${CONTROL_PREFIX}/scripts`) {
      const { marker, script } = JSON.parse(body.toString()) as { marker: string; script: Script };
      this.when(marker, script);
      res.writeHead(204).end();
      return;
    }
    if (method === 'GET' && pathname === `${CONTROL_PREFIX}/requests`) {
      const marker = searchParams.get('marker') ?? '';
      const found = this.chatRequests()
        .filter((request) => lastUserText(request).includes(marker))
        .map(({ provider, path, body, closedByClient }) => ({
          provider,
          path,
          body,
          closedByClient,
        }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
      return;
    }
    res.writeHead(404).end();
  }

  /** Env for createTestApp(): every provider pointed at this server. */
  env(overrides: Record<string, string> = {}): Record<string, string> {
    return {
      OPENAI_API_KEY: 'test-openai-key',
      OPENAI_BASE_URL: `${this.url}/v1`,
      ANTHROPIC_API_KEY: 'test-anthropic-key',
      ANTHROPIC_BASE_URL: `${this.url}/v1`,
      PERPLEXITY_API_KEY: 'test-perplexity-key',
      PERPLEXITY_BASE_URL: this.url,
      ...overrides,
    };
  }
}
