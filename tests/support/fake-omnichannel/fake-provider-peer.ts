import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One request a fake provider received, exactly as it came. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

/**
 * A provider's API on 127.0.0.1 (Graph API, Telegram Bot API, Twilio, a brand's webhook
 * receiver: each channel points its base URL at a path prefix). It records every request and
 * answers with `answer(request)`, by default 200 and a provider-like id.
 */
export async function startFakeProviderPeer() {
  const requests: ReceivedRequest[] = [];
  let answer: (request: ReceivedRequest) => FakeAnswer = (request) => ({
    status: 200,
    body: defaultAnswer(request.path, requests.length),
  });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      const { status, body } = answer(received);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The requests whose path starts with `prefix`. */
    to: (prefix: string) => requests.filter((request) => request.path.startsWith(prefix)),
    answerWith(next: (request: ReceivedRequest) => FakeAnswer) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What each provider answers a successful send with: the id it gave the message. */
function defaultAnswer(path: string, n: number): unknown {
  if (path.includes('/sendMessage')) return { ok: true, result: { message_id: 9000 + n } };
  if (path.includes('/Messages.json')) return { sid: `SM${n}`, status: 'queued' };
  if (path.includes('/messages'))
    return { messaging_product: 'whatsapp', messages: [{ id: `wamid.OUT${n}` }] };
  return { id: `hook-${n}` };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message: headers and body. */
  raw: string;
  user: string | null;
}

/** An SMTP server on 127.0.0.1 (no TLS) that keeps every message and the login it came with. */
export async function startFakeSmtp() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'smtp-pass') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid login'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : null,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a raw mail, unfolded. */
export function mailHeader(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}
