/**
 * The floor of the chat-stream benchmark: a bare HTTP forwarder in its own process. For each POST
 * it sends the client's Chat Completions request to the fake provider over a keep-alive agent and
 * writes the provider's response bytes straight through to the client: no parsing, no database,
 * no authentication. What it adds over a direct call is what any extra HTTP hop costs on this
 * machine. Answers 'cpu' like the Orbit server process (support/thread-cpu.ts).
 *
 * With `pglite` as its second argument it is the store-first floor: before calling the provider
 * it inserts the request body into a one-table PGlite database on its own main thread (the
 * cheapest way to PGlite: no worker, no wire protocol), as issue #3 has every user message
 * stored before the model is called. No server that stores the message first can add less.
 * With `postgres <url>` it inserts into a one-table PostgreSQL database instead (a prepared
 * statement on a pooled connection, committed durably as Orbit's are).
 *
 * With `history` as the last argument it is the history floor: the same single statement also
 * reads the conversation's newest HISTORY_WINDOW messages through an index, and the forwarder
 * sends them to the provider before the new one, as spec 01-core §9 has every chat request carry
 * its tier's history window (Ultimate's 50, the benchmark's administrator's). It shows how much of
 * what Orbit adds beyond the store-first floor is work the spec requires of any server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { cpuTimes } from './thread-cpu.ts';

const upstream = new URL(process.argv[2]!);
const agent = new http.Agent({ keepAlive: true });
const withHistory = process.argv.at(-1) === 'history';
const HISTORY_WINDOW = 50;
const STORE_FIRST = {
  create: [
    'create table messages (id serial primary key, content text not null, created_at timestamptz not null default now())',
  ],
  statement: 'insert into messages (content) values ($1) returning id',
};
// The new message is not among those the select reads: a CTE's insert is not seen by its statement.
const HISTORY = {
  create: [
    'create table conversation_messages (id serial primary key, conversation_id int not null, content text not null, created_at timestamptz not null default now())',
    'create index on conversation_messages (conversation_id, id)',
    // A full window from the first request on, as Orbit's conversation has after its warm-up.
    `insert into conversation_messages (conversation_id, content)
       select 1, 'Nachricht ' || n from generate_series(1, ${HISTORY_WINDOW}) n`,
  ],
  statement: `with stored as (
      insert into conversation_messages (conversation_id, content) values (1, $1) returning id)
    select coalesce(json_agg(h.content order by h.id), '[]') as history from (
      select id, content from conversation_messages where conversation_id = 1
      order by id desc limit ${HISTORY_WINDOW}) h`,
};
const { create, statement } = withHistory ? HISTORY : STORE_FIRST;

type Store = (content: string) => Promise<{ rows: Record<string, unknown>[] }>;
const store: Store | undefined =
  process.argv[3] === 'pglite'
    ? await openPglite()
    : process.argv[3] === 'postgres'
      ? await openPostgres(process.argv[4]!)
      : undefined;

async function openPglite(): Promise<Store> {
  const pglite = new PGlite();
  for (const sql of create) await pglite.exec(sql);
  return (content) => pglite.query(statement, [content]);
}

async function openPostgres(databaseUrl: string): Promise<Store> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  for (const sql of create) await pool.query(sql);
  return (content) => pool.query({ name: 'store_first', text: statement, values: [content] });
}

interface ChatRequest {
  messages: { role: string; content: string }[];
}

/** The history floor's provider request: the client's, the stored window before its last message. */
function withWindow(request: ChatRequest, history: string[]): Buffer {
  const newest = request.messages.pop()!;
  request.messages.push(
    ...history.map((content, index) => ({
      role: index % 2 === history.length % 2 ? 'user' : 'assistant',
      content,
    })),
    newest,
  );
  return Buffer.from(JSON.stringify(request));
}

const server = http.createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    if (!store) forward(body, req, res);
    else if (!withHistory) void store(body.toString()).then(() => forward(body, req, res));
    else {
      const request = JSON.parse(body.toString()) as ChatRequest;
      void store(request.messages.at(-1)!.content).then(({ rows }) =>
        forward(withWindow(request, rows[0]!.history as string[]), req, res),
      );
    }
  });
});

function forward(body: Buffer, req: http.IncomingMessage, res: http.ServerResponse) {
  const outgoing = http.request(
    {
      agent,
      host: upstream.hostname,
      port: upstream.port,
      method: 'POST',
      path: '/v1/chat/completions',
      headers: {
        'content-type': 'application/json',
        'content-length': body.length,
        authorization: req.headers.authorization ?? 'Bearer bench',
      },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, {
        'content-type': answer.headers['content-type'] ?? 'text/event-stream',
        'cache-control': 'no-cache',
      });
      answer.pipe(res);
    },
  );
  outgoing.on('error', () => res.destroy());
  // The client went away before the end: so does the request to the provider.
  res.on('close', () => {
    if (!res.writableFinished) outgoing.destroy();
  });
  outgoing.end(body);
}
server.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
process.on('message', (message) => {
  if (message === 'cpu') process.send!(cpuTimes());
  else if (message === 'close') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
