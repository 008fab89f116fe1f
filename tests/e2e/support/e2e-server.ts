import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compiledServerCommand } from '../../support/compiled-server.ts';
import { FakeAi } from '../../support/fake-ai/fake-ai-server.ts';

/** A fixed port keeps baseURL static for every worker; override it when 5055 is taken. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5055);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Created on start-up through ADMIN_USERNAME/ADMIN_PASSWORD (src/server/bootstrap.ts). */
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' } as const;
/**
 * A second origin (another port) on ALLOWED_ORIGINS, standing in for the native app's WebView
 * origin in tests/e2e/cross-origin.spec.ts.
 */
export const E2E_CROSS_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1}`;

const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

function isPortTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitUntilReady(server: ChildProcess) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`e2e server exited early (${server.signalCode ?? server.exitCode})`);
    }
    try {
      const response = await fetch(`${E2E_BASE_URL}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`e2e server not ready at ${E2E_BASE_URL}/readyz within ${READY_TIMEOUT_MS} ms`);
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Playwright global setup: the real compiled server (dist/server, built client from dist/client, embedded PGlite in a
 * fresh temporary DATA_DIR) for the whole run. The returned function is the global teardown.
 */
export default async function startE2eServer() {
  if (await isPortTaken(E2E_PORT)) {
    throw new Error(`port ${E2E_PORT} is in use; set E2E_PORT to a free port`);
  }
  // Chats are answered by a fake OpenAI-compatible upstream the tests script (fake-upstream.ts).
  const upstream = await FakeAi.start({ port: E2E_PORT + 2, control: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'orbit-e2e-'));
  // The compiled server, as `npm start` runs it (`npm run build` builds it with the client).
  const [node, ...args] = compiledServerCommand();
  const server = spawn(node!, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The TEST MODE payment sandbox (decision 083).
      PAYMENTS_SANDBOX: 'true',
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      // Empty values mean "unset" (src/server/env.ts): always the embedded database, a new secret.
      DATABASE_URL: '',
      APP_SECRET: '',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ALLOWED_ORIGINS: E2E_CROSS_ORIGIN,
      CLIENT_DIST_DIR: 'dist/client',
      ...upstream.env(),
      // Every test registers its own accounts from 127.0.0.1; the default 10 per hour is too few.
      REGISTRATIONS_PER_IP_PER_HOUR: '1000',
      // Every worker's browser calls from 127.0.0.1; the tests about limits are server tests.
      RATE_LIMIT_FACTOR: '100',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const teardown = async () => {
    await stopServer(server);
    await upstream.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(server);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
