/**
 * The client side of the chat-stream benchmark: the ways to ask for a streamed reply (directly
 * from the provider, through a forwarder, through Orbit) behind one interface, and the readers
 * that time their first token. Every path uses the same HTTP stack (fetch), so none is favoured.
 */

/** One way to ask for a streamed reply: direct, through the forwarder or through Orbit. */
export interface Path {
  /** `slot`: which conversation (Orbit); a conversation has one reply in progress at a time. */
  send(slot: number, marker: string, signal?: AbortSignal): Promise<Response>;
  /** Whether the text received so far holds the first token. */
  isToken(text: string): boolean;
  /** Ends the reply in progress in `slot` early; without it, the client aborts. */
  stop?(slot: number): Promise<void>;
  /** A cheap GET on the same server, for opening connections ahead of the sends (preconnect). */
  warmUrl: string;
}

/**
 * Opens `count` kept-alive connections to the server of `path` and leaves them idle in fetch's
 * pool, as the browsers of users who have the chat open hold theirs: each send then rides an open
 * connection instead of waiting for the server to accept a new one (decision 292).
 */
export async function preconnect(path: Path, count: number) {
  await Promise.all(
    Array.from({ length: count }, () =>
      fetch(path.warmUrl).then((response) => response.arrayBuffer()),
    ),
  );
}

/** Reads a streamed body to its end; returns when the first token arrived (ms after sending). */
export async function timeToFirstToken(route: Path, slot: number, marker: string) {
  const started = performance.now();
  const response = await route.send(slot, marker);
  let first = Number.NaN;
  let text = '';
  const decoder = new TextDecoder();
  for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (Number.isNaN(first)) {
      text += decoder.decode(piece, { stream: true });
      if (route.isToken(text)) first = performance.now() - started;
    }
  }
  return first;
}

export interface OpenStream {
  /** Resolves at the first token (or when the stream ended without one). */
  firstToken: Promise<void>;
  /** Resolves when the body has been read to its end or aborted; with the error if it failed. */
  ended: Promise<Error | undefined>;
  finished: boolean;
  abort(): void;
}

/** A reply kept streaming while others are timed; its body is read as it comes (no backpressure). */
export function openStream(route: Path, slot: number, marker: string): OpenStream {
  const aborter = new AbortController();
  let tokenArrived!: () => void;
  const stream: OpenStream = {
    firstToken: new Promise<void>((resolve) => (tokenArrived = resolve)),
    ended: Promise.resolve(undefined),
    finished: false,
    abort: () => aborter.abort(),
  };
  stream.ended = (async () => {
    try {
      const response = await route.send(slot, marker, aborter.signal);
      let text = '';
      let seen = false;
      const decoder = new TextDecoder();
      for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (!seen) {
          text += decoder.decode(piece, { stream: true });
          seen = route.isToken(text);
          if (seen) tokenArrived();
        }
      }
      return undefined;
    } catch (error) {
      return aborter.signal.aborted ? undefined : (error as Error);
    } finally {
      stream.finished = true;
      tokenArrived();
    }
  })();
  return stream;
}

const SYSTEM = 'Du bist Persona42, ein freundlicher Assistent.';

/** The provider's Chat Completions API at `baseUrl`: the fake itself, or the forwarder. */
export function chatCompletions(baseUrl: string): Path {
  return {
    async send(_slot, marker, signal) {
      const response = await fetch(`${baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
        body: JSON.stringify({
          model: 'gpt-4o',
          stream: true,
          stream_options: { include_usage: true },
          messages: [
            { role: 'system', content: SYSTEM },
            { role: 'user', content: `Hallo ${marker}` },
          ],
        }),
        signal,
      });
      if (response.status !== 200)
        throw new Error(`${baseUrl} answered ${response.status}: ${await response.text()}`);
      return response;
    },
    isToken: (text) => /"content":"[^"]/.test(text),
    warmUrl: `${baseUrl}/v1/models`,
  };
}

/** What an Orbit server process reports (support/chat-server-process.ts). */
export interface ServerInfo {
  url: string;
  /** The administrator's session. */
  cookie: string;
  conversationIds: string[];
  /** The session owning each conversation: the administrator's, or each a user's own. */
  cookies: string[];
}

/** Orbit's chat API: `POST /api/chat` as Server-Sent Events, the first `delta` event as token. */
export function orbit(server: ServerInfo): Path {
  const post = (route: string, slot: number, body: object, signal?: AbortSignal) =>
    fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        cookie: server.cookies[slot]!,
      },
      body: JSON.stringify(body),
      signal,
    });
  return {
    async send(slot, marker, signal) {
      const body = { message: `Hallo ${marker}`, conversationId: server.conversationIds[slot] };
      const response = await post('/api/chat', slot, body, signal);
      if (response.status !== 200)
        throw new Error(`chat answered ${response.status}: ${await response.text()}`);
      return response;
    },
    isToken: (text) => text.includes('event: delta'),
    warmUrl: `${server.url}/healthz`,
    async stop(slot) {
      const response = await post('/api/chat/stop', slot, {
        conversationId: server.conversationIds[slot],
      });
      if (response.status !== 200) throw new Error(`stop answered ${response.status}`);
      await response.arrayBuffer();
    },
  };
}

/** Runs `count` calls with at most `width` at a time. */
export async function pool(
  count: number,
  width: number,
  call: (index: number, lane: number) => Promise<number>,
) {
  const results: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async (_, lane) => {
      while (next < count) results.push(await call(next++, lane));
    }),
  );
  return results;
}
