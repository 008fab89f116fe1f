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
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { cpuTimes } from './thread-cpu.ts';

const upstream = new URL(process.argv[2]!);
const agent = new http.Agent({ keepAlive: true });
const TABLE =
  'create table messages (id serial primary key, content text not null, created_at timestamptz not null default now())';
const INSERT = 'insert into messages (content) values ($1) returning id';
const store =
  process.argv[3] === 'pglite'
    ? await openPglite()
    : process.argv[3] === 'postgres'
      ? await openPostgres(process.argv[4]!)
      : undefined;

async function openPglite() {
  const pglite = new PGlite();
  await pglite.exec(TABLE);
  return (content: string) => pglite.query(INSERT, [content]);
}

async function openPostgres(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(TABLE);
  return (content: string) =>
    pool.query({ name: 'store_first_insert', text: INSERT, values: [content] });
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
    if (store) void store(body.toString()).then(() => forward(body, req, res));
    else forward(body, req, res);
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
