import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { fileTextKey } from '#shared/codehub/live-schemas.ts';
import { until } from './until.ts';

/**
 * The stock y-websocket client (WebsocketProvider) on Node's `ws`, sending a user's cookie and an
 * Origin as a browser would: what the live code hub serves, without any of our client code.
 */
export interface LiveClient {
  doc: Y.Doc;
  provider: WebsocketProvider;
  text(fileId: string): Y.Text;
  /** Close events the server sent that end the session for this client (4400–4499). */
  closed: { code: number; reason: string }[];
  synced(): Promise<void>;
  destroy(): void;
}

export function liveClient(
  baseUrl: string,
  sessionId: string,
  cookie: string,
  origin: string = baseUrl,
): LiveClient {
  const headers = { cookie, origin };
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(
    `${baseUrl.replace(/^http/, 'ws')}/api/codehub/live`,
    sessionId,
    doc,
    {
      WebSocketPolyfill: CookieWebSocket as unknown as typeof globalThis.WebSocket,
      // In one process a BroadcastChannel would carry edits past the server.
      disableBc: true,
      maxBackoffTime: 300,
    },
  );
  const closed: { code: number; reason: string }[] = [];
  provider.on('closed', (event) => closed.push(event));
  return {
    doc,
    provider,
    text: (fileId) => doc.getText(fileTextKey(fileId)),
    closed,
    synced: async () => {
      await until(
        () => provider.synced,
        (synced) => synced,
      );
    },
    destroy: () => {
      provider.destroy();
      doc.destroy();
    },
  };
}

/** The HTTP status a WebSocket handshake is refused with (or 101 when it is accepted). */
export function handshakeStatus(url: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => {
      resolve(101);
      socket.close();
    });
    socket.on('error', (error) => reject(error));
  });
}

/** The server's awareness revision as a client sees it: it moves when the session's details change. */
export function serverRevision(client: LiveClient) {
  let newest = 0;
  for (const state of client.provider.awareness.getStates().values()) {
    const rev = (state as { orbit?: { rev?: number } }).orbit?.rev;
    if (typeof rev === 'number' && rev > newest) newest = rev;
  }
  return newest;
}
