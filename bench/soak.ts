/**
 * Soak (issue #16, item 7): mixed traffic at a steady rate against Orbit on PostgreSQL for
 * BENCH_SOAK_MINUTES (default 30): streamed chats, history (conversation list and one
 * conversation), search, uploads and logins. Every minute it prints each kind's latency p50/p99
 * and errors, the server's RSS and event-loop delay p99; at the end, whether there were no errors
 * and whether RSS and latency stayed flat (the last minute against the second; the first warms up).
 *
 *   npm run bench -- soak                                    # 30 minutes
 *   BENCH_SOAK_MINUTES=3 BENCH_SOAK_RATE=10 npm run bench -- soak
 *
 * BENCH_SOAK_RATE: operations started per second (default 10), whatever the answers' speed, so a
 * slower server meets the same load (an open loop).
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { closeChild, spawnChild } from './support/child-process.ts';
import { withScratchPostgres } from './support/scratch-postgres.ts';
import { percentile, printTable } from './support/stats.ts';
import { orbit, timeToFirstToken, type ServerInfo } from './support/stream-paths.ts';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 10);
/** Conversations to chat in: a conversation has one reply in progress at a time. */
const SLOTS = 64;
const MIB = 1024 * 1024;
const TARGETS = { rssGrowthMib: 16, latencyGrowth: 1.5 };
/** A 1×1 PNG: uploads take images and PDFs. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Each kind's share of the operations. */
const MIX = [
  ['chat', 0.3],
  ['history', 0.25],
  ['search', 0.15],
  ['upload', 0.15],
  ['login', 0.15],
] as const;
type Kind = (typeof MIX)[number][0];

interface ServerStats {
  rss: number;
  loopDelayP99Ms: number;
}

interface Minute {
  latency: Map<Kind, number[]>;
  errors: Map<Kind, number>;
  firstError?: string;
}

function pickKind(): Kind {
  let roll = Math.random();
  for (const [kind, share] of MIX) {
    roll -= share;
    if (roll < 0) return kind;
  }
  return MIX[0][0];
}

async function expectOk(response: Response, what: string) {
  const body = await response.arrayBuffer();
  if (!response.ok) {
    throw new Error(`${what}: ${response.status} ${Buffer.from(body).toString().slice(0, 200)}`);
  }
}

/** POST /api/login from `localAddress` (node:http: fetch cannot choose the source address). */
function signIn(baseUrl: string, credentials: object, localAddress: string) {
  return new Promise<void>((resolve, reject) => {
    const body = JSON.stringify(credentials);
    const request = http.request(
      `${baseUrl}/api/login`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-requested-with': 'XMLHttpRequest',
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve()
            : reject(new Error(`login: ${response.statusCode} ${text.slice(0, 200)}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function run(databaseUrl: string) {
  const upstream = await spawnChild<{ url: string }>('fake-upstream-process.ts', []);
  const server = await spawnChild<ServerInfo & { username: string; password: string }>(
    'chat-server-process.ts',
    [upstream.info.url, databaseUrl, String(SLOTS)],
  );
  const { url, cookie, username, password } = server.info;
  const chat = orbit(server.info);
  const freeSlots = Array.from({ length: SLOTS }, (_, slot) => slot);
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
  const words = ['Wetter', 'Hallo', 'Reise', 'Rezept', 'Garten'];
  let loginAddress = 0;

  const operations: Record<Kind, () => Promise<void>> = {
    chat: async () => {
      const slot = freeSlots.pop();
      // Every conversation has a reply in progress: count it as a history read instead.
      if (slot === undefined) return operations.history();
      try {
        const first = await timeToFirstToken(chat, slot, '[short]');
        if (Number.isNaN(first)) throw new Error('chat: no token');
      } finally {
        freeSlots.push(slot);
      }
    },
    history: async () => {
      const list = await fetch(`${url}/api/conversations`, { headers });
      const page = (await list.json()) as { items?: { conversationId: string }[] };
      if (!list.ok) throw new Error(`conversations: ${list.status}`);
      const id =
        page.items?.[Math.floor(Math.random() * page.items.length)]?.conversationId ??
        server.info.conversationIds[0];
      await expectOk(await fetch(`${url}/api/conversations/${id}`, { headers }), 'conversation');
    },
    search: async () => {
      const q = words[Math.floor(Math.random() * words.length)]!;
      await expectOk(await fetch(`${url}/api/search?q=${q}`, { headers }), 'search');
    },
    upload: async () => {
      const form = new FormData();
      form.append('file', new Blob([PIXEL], { type: 'image/png' }), 'pixel.png');
      await expectOk(
        await fetch(`${url}/api/files`, { method: 'POST', headers, body: form }),
        'upload',
      );
    },
    login: () => {
      // Logins come from many clients: each from another loopback address, as the login throttle
      // allows 30 per address in 15 minutes (auth-throttle.ts).
      loginAddress = (loginAddress % 250) + 1;
      return signIn(url, { username, password }, `127.0.1.${loginAddress}`);
    },
  };

  const minutes: Minute[] = [];
  const serverStats: ServerStats[] = [];
  const rows: string[][] = [];
  const inFlight = new Set<Promise<void>>();
  try {
    await server.ask('stats');
    for (let minute = 0; minute < MINUTES; minute++) {
      const current: Minute = { latency: new Map(), errors: new Map() };
      minutes.push(current);
      const start = performance.now();
      for (let index = 0; index < RATE * 60; index++) {
        const due = start + (index * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const kind = pickKind();
        const began = performance.now();
        const operation = operations[kind]()
          .then(() => {
            const list = current.latency.get(kind) ?? [];
            list.push(performance.now() - began);
            current.latency.set(kind, list);
          })
          .catch((error: unknown) => {
            current.errors.set(kind, (current.errors.get(kind) ?? 0) + 1);
            current.firstError ??= (error as Error).message;
          })
          .finally(() => inFlight.delete(operation));
        inFlight.add(operation);
      }
      const stats = await server.ask<ServerStats>('stats');
      serverStats.push(stats);
      const cell = (kind: Kind) => {
        const values = current.latency.get(kind) ?? [];
        return `${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)}`;
      };
      const errors = [...current.errors.values()].reduce((sum, count) => sum + count, 0);
      rows.push([
        String(minute + 1),
        ...MIX.map(([kind]) => cell(kind)),
        String(errors),
        (stats.rss / MIB).toFixed(1),
        stats.loopDelayP99Ms.toFixed(1),
        loadavg()[0]!.toFixed(1),
      ]);
      console.log(`minute ${minute + 1}: ${rows.at(-1)!.join(' | ')}`);
      if (current.firstError) console.log(`  first error: ${current.firstError}`);
    }
    await Promise.all(inFlight);
  } finally {
    await closeChild(server);
    await closeChild(upstream);
  }

  printTable(
    `Soak: ${MINUTES} min at ${RATE} operations/s on PostgreSQL; ms p50 / p99 per kind`,
    [
      'minute',
      ...MIX.map(([kind, share]) => `${kind} (${Math.round(share * 100)} %)`),
      'errors',
      'server RSS MiB',
      'event loop p99 ms',
      'load average',
    ],
    rows,
  );

  const errors = minutes.reduce(
    (sum, minute) => sum + [...minute.errors.values()].reduce((a, b) => a + b, 0),
    0,
  );
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`\nTargets (issue #16, item 7; ${MINUTES} minutes, 30 asked for):`);
  console.log(`  errors: ${errors} (0) — ${verdict(errors === 0)}`);
  if (MINUTES >= 3) {
    const [second, last] = [serverStats[1]!, serverStats.at(-1)!];
    const growth = (last.rss - second.rss) / MIB;
    console.log(
      `  RSS flat: ${growth.toFixed(1)} MiB from minute 2 to ${MINUTES} (≤ ${TARGETS.rssGrowthMib}) — ${verdict(growth <= TARGETS.rssGrowthMib)}`,
    );
    const p50 = (minute: Minute) =>
      percentile(
        [...minute.latency.values()].flat().filter((value) => Number.isFinite(value)),
        50,
      );
    const ratio = p50(minutes.at(-1)!) / p50(minutes[1]!);
    console.log(
      `  latency flat: p50 of all operations, minute ${MINUTES} ÷ minute 2 = ${ratio.toFixed(2)} (≤ ${TARGETS.latencyGrowth}; load-sensitive) — ${verdict(ratio <= TARGETS.latencyGrowth)}`,
    );
  } else {
    console.log('  RSS and latency flatness: not judged under 3 minutes');
  }
}

await withScratchPostgres(run);
