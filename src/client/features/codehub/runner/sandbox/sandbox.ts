import {
  runnerCommandSchema,
  runnerEventSchema,
  type RunnerCommand,
  type RunnerEvent,
} from '#shared/codehub/runner-protocol.ts';
import engineWorkerUrl from './engine-worker.ts?worker&url';
import { previewDocument } from './preview-document.ts';

/**
 * The runner page (/runner/index.html, decision 240). It lives in an iframe with
 * sandbox="allow-scripts" and is served with `Content-Security-Policy: sandbox allow-scripts`,
 * so its origin is opaque: no cookie, storage or credentialed request of the app. It takes
 * commands only from the page that embeds it (window and origin checked, then the schema) and
 * answers only to that page's origin.
 */
const appOrigin = new URL(location.href).origin;
let worker: Worker | null = null;
let preview: HTMLIFrameElement | null = null;
let previewRunId = '';

function send(event: RunnerEvent) {
  window.parent.postMessage(event, appOrigin);
}

function reset() {
  worker?.terminate();
  worker = null;
  preview?.remove();
  preview = null;
}

/**
 * The worker's first script: a classic one from a blob. The opaque origin may not start a worker
 * from a URL of the app, and Chromium fails module workers in a sandboxed document; a classic
 * worker may import() the engine module, and keeps the command until the module has loaded.
 */
function bootstrap(entry: string) {
  return `const early = [];
const keep = (event) => early.push(event.data);
addEventListener('message', keep);
import(${JSON.stringify(entry)}).then(
  () => {
    removeEventListener('message', keep);
    for (const data of early) dispatchEvent(new MessageEvent('message', { data }));
  },
  (error) => postMessage({ type: 'finished', runId: 'boot', ok: false, error: String(error) }),
);`;
}

function startWorker(command: RunnerCommand) {
  const entry = new URL(engineWorkerUrl, location.href).href;
  const source = URL.createObjectURL(new Blob([bootstrap(entry)], { type: 'text/javascript' }));
  const current = new Worker(source, { name: `run-${command.runId}` });
  worker = current;
  current.addEventListener('message', (event: MessageEvent<unknown>) => {
    // The user's code shares the worker and may post anything: only well-formed events for this
    // run get through, and they always carry this run's id.
    const parsed = runnerEventSchema.safeParse(event.data);
    if (!parsed.success || parsed.data.type === 'ready') return;
    send({ ...parsed.data, runId: command.runId });
    if (parsed.data.type === 'finished' && worker === current) {
      current.terminate();
      worker = null;
    }
  });
  current.addEventListener('error', (event) => {
    event.preventDefault();
    send({ type: 'finished', runId: command.runId, ok: false, error: event.message || 'error' });
  });
  current.postMessage(command);
  URL.revokeObjectURL(source);
}

/** HTML runs as a nested sandboxed document; its console is relayed as the run's output. */
function showPreview(command: RunnerCommand) {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.title = command.mainFile;
  frame.srcdoc = previewDocument(command.mainFile, command.files);
  preview = frame;
  previewRunId = command.runId;
  send({ type: 'started', runId: command.runId });
  document.body.replaceChildren(frame);
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (preview && event.source === preview.contentWindow) {
    const parsed = runnerEventSchema.safeParse(event.data);
    if (parsed.success && (parsed.data.type === 'output' || parsed.data.type === 'finished')) {
      send({ ...parsed.data, runId: previewRunId });
    }
    return;
  }
  if (event.source !== window.parent || event.origin !== appOrigin) return;
  const command = runnerCommandSchema.safeParse(event.data);
  if (!command.success) return;
  reset();
  if (command.data.language === 'html') showPreview(command.data);
  else startWorker(command.data);
});

send({ type: 'ready' });
