import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Debian's nginx; `npm test` installs the package when it is missing (scripts/test.mjs). */
export const NGINX_PATH = '/usr/sbin/nginx';
export const NGINX_TEMPLATE = path.resolve('docs/deploy/nginx-orbit.conf.template');

/**
 * Fills the `${ORBIT_*}` placeholders of the deployment template (docs/DEPLOYMENT.md does the same
 * with envsubst). Every placeholder must be given and every value used: a template that gains or
 * loses one fails here instead of running half-filled.
 */
export function fillTemplate(template: string, values: Record<string, string>): string {
  const unused = new Set(Object.keys(values));
  const filled = template.replace(/\$\{(ORBIT_[A-Z0-9_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for \${${name}} in ${NGINX_TEMPLATE}`);
    unused.delete(name);
    return value;
  });
  if (unused.size > 0) throw new Error(`not in the template: ${[...unused].join(', ')}`);
  return filled;
}

/** A port nobody listens on now (the kernel's choice for port 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A throwaway self-signed certificate for `name` (openssl), valid for a day. */
export function createCertificate(dir: string, name: string) {
  const certificate = path.join(dir, `${name}.crt`);
  const key = path.join(dir, `${name}.key`);
  const result = spawnSync(
    'openssl',
    [
      'req', '-x509', '-nodes', '-days', '1', '-subj', `/CN=${name}`,
      '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1',
      '-addext', `subjectAltName=DNS:${name}`,
      '-keyout', key, '-out', certificate,
    ], // prettier-ignore
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr}`);
  return { certificate, key };
}

export interface RunningNginx {
  accessLog: () => Promise<string>;
  /** The configuration nginx runs with, as `nginx -T` prints it (every included file). */
  configuration: () => string;
  stop(): Promise<void>;
}

/**
 * Runs nginx in the foreground with `siteConfig` (the filled template) in its http block, as
 * Debian's nginx.conf includes conf.d/*.conf. Logs, pid and temporary files stay in `dir`; the
 * access log records the client address nginx saw and its request id for each request.
 */
export async function startNginx(
  dir: string,
  siteConfig: string,
  httpsPort: number,
): Promise<RunningNginx> {
  if (!existsSync(NGINX_PATH)) {
    throw new Error(`${NGINX_PATH} is missing: apt-get install nginx (npm test installs it)`);
  }
  // Run as root, nginx's workers switch to `nobody`, which must reach the temporary directories.
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, 'temp'), { recursive: true });
  const siteFile = path.join(dir, 'orbit.conf');
  await writeFile(siteFile, siteConfig);
  const accessLog = path.join(dir, 'access.log');
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  const main = [
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 512; }',
    'http {',
    `  log_format orbit_test '$remote_addr $request_id "$request" $status';`,
    `  access_log ${accessLog} orbit_test;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
    `  include ${siteFile};`,
    '}',
  ].join('\n');
  const mainFile = path.join(dir, 'nginx.conf');
  await writeFile(mainFile, main);

  const args = ['-p', dir, '-c', mainFile];
  const check = spawnSync(NGINX_PATH, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx rejects the configuration:\n${check.stderr}`);

  const child: ChildProcess = spawn(NGINX_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  while (!(await accepts(httpsPort))) {
    if (!running) throw new Error(`nginx exited:\n${stderr}`);
    await sleep(50);
  }
  return {
    accessLog: () => readFile(accessLog, 'utf8'),
    configuration: () => {
      const dump = spawnSync(NGINX_PATH, [...args, '-T'], { encoding: 'utf8' });
      if (dump.status !== 0) throw new Error(`nginx -T failed:\n${dump.stderr}`);
      return dump.stdout;
    },
    async stop() {
      if (running) child.kill('SIGTERM');
      await exited;
    },
  };
}

function accepts(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
