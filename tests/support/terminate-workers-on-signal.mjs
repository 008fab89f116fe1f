// Preloaded into a server process by tests (`--import`): SIGUSR2 terminates the worker threads it
// started, a real end of the thread (as an uncaught error or a WebAssembly abort inside it would
// bring), so a test can watch how the server takes the loss of its embedded database.
import { syncBuiltinESMExports } from 'node:module';
import workerThreads from 'node:worker_threads';

const started = [];
const Original = workerThreads.Worker;
workerThreads.Worker = class extends Original {
  constructor(...args) {
    super(...args);
    started.push(this);
  }
};
syncBuiltinESMExports();
process.on('SIGUSR2', () => {
  for (const worker of started) void worker.terminate();
});
