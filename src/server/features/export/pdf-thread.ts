import type { Worker } from 'node:worker_threads';
import { startWorker } from '#server/threads.ts';
import type { ExportDocument } from '#shared/export/export-format.ts';
import type { PdfWorkerReply, PdfWorkerRequest } from './pdf-worker.ts';

export interface PdfRenderer {
  render(doc: ExportDocument): Promise<Buffer>;
  close(): Promise<void>;
}

interface Pending {
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * The PDF worker seen from the main thread. Started on the first export (most servers never
 * render a PDF), restarted after a crash; a render running past `timeoutMs` ends the worker,
 * failing the renders queued behind it, which their users can retry.
 */
export function createPdfRenderer({ timeoutMs = 60_000 } = {}): PdfRenderer {
  let worker: Worker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const failAll = (error: Error) => {
    for (const job of pending.values()) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    pending.clear();
  };

  const start = () => {
    const thread = startWorker('pdf-worker');
    // An idle worker must not keep the process alive.
    thread.unref();
    thread.on('message', (reply: PdfWorkerReply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      clearTimeout(job.timer);
      if ('error' in reply) job.reject(new Error(reply.error));
      else job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
    });
    const forget = (error: Error) => {
      if (worker === thread) worker = null;
      failAll(error);
    };
    thread.on('error', forget);
    thread.on('exit', (code) => forget(new Error(`PDF worker exited with code ${code}`)));
    return thread;
  };

  return {
    render(doc) {
      const thread = (worker ??= start());
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (!pending.has(id)) return;
          pending.delete(id);
          reject(new Error(`PDF rendering took longer than ${timeoutMs} ms`));
          if (worker === thread) worker = null;
          void thread.terminate();
        }, timeoutMs);
        timer.unref();
        pending.set(id, { resolve, reject, timer });
        thread.postMessage({ id, doc } satisfies PdfWorkerRequest);
      });
    },
    async close() {
      const thread = worker;
      worker = null;
      if (thread) await thread.terminate();
    },
  };
}
