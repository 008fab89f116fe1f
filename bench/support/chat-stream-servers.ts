/**
 * The servers the chat-stream benchmark measures, each started in a process of its own: the bare
 * forwarder and its store-first variants (bare-forwarder-process.ts) and Orbit
 * (chat-server-process.ts).
 */
import { spawnChild } from './child-process.ts';
import {
  FLOOR,
  HISTORY_FLOOR,
  HISTORY_FLOOR_PG,
  STORE_FLOOR,
  STORE_FLOOR_PG,
} from './chat-stream-report.ts';
import type { ServerInfo } from './stream-paths.ts';

/** Where the store-first floor stores: nowhere (the bare floor), PGlite, or PostgreSQL at a URL. */
export type Store = undefined | 'pglite' | { databaseUrl: string };

export function floorLabel(store: Store, history = false) {
  if (store === undefined) return FLOOR;
  if (store === 'pglite') return history ? HISTORY_FLOOR : STORE_FLOOR;
  return history ? HISTORY_FLOOR_PG : STORE_FLOOR_PG;
}

/** With `history`, the store-first floor also reads and sends the history window. */
export function spawnForwarder(fakeUrl: string, store: Store, history = false) {
  const args =
    store === undefined
      ? [fakeUrl]
      : store === 'pglite'
        ? [fakeUrl, 'pglite']
        : [fakeUrl, 'postgres', store.databaseUrl];
  if (store !== undefined && history) args.push('history');
  return spawnChild<{ url: string }>('bare-forwarder-process.ts', args);
}

/**
 * Orbit on PGlite (`databaseUrl` empty) or PostgreSQL with `slots` conversations of its
 * administrator; `profile` lets BENCH_CPU_PROF profile it.
 */
export function spawnOrbit(fakeUrl: string, databaseUrl: string, slots: number, profile = false) {
  return spawnChild<ServerInfo>(
    'chat-server-process.ts',
    [fakeUrl, databaseUrl, String(slots)],
    profile,
  );
}
