// `npm run dev`: the API server (restarting on change) and Vite with hot reload, together.
// Vite proxies /api and /healthz to the server (vite.config.ts). Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  {
    name: 'server',
    command: process.execPath,
    args: ['--watch', '--import', 'tsx', 'src/server/main.ts'],
    env: { PORT: '5000', NODE_ENV: 'development' },
  },
  {
    name: 'vite',
    command: process.execPath,
    args: ['node_modules/vite/bin/vite.js', '--port', '5173'],
    env: {},
  },
].map(({ name, command, args, env }) => {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return { name, child };
});

let exitCode = 0;
let stopping = false;

function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(signal));
}

for (const { name, child } of children) {
  child.on('exit', (code, signal) => {
    // One side ending on its own (a crash, a port in use) leaves no useful dev setup: stop the other.
    if (!stopping) {
      console.error(`[dev] ${name} exited (${signal ?? `code ${code}`}); stopping the rest.`);
      exitCode = code ?? 1;
      stopAll('SIGTERM');
    }
    if (children.every(({ child: c }) => c.exitCode !== null || c.signalCode !== null)) {
      process.exit(exitCode);
    }
  });
}
