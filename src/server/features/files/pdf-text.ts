import type { Worker } from 'node:worker_threads';
import { startWorker } from '#server/threads.ts';
import { MAX_FILES_PER_MESSAGE } from '#shared/chat/chat-limits.ts';
import { FairQueue } from './pdf-text-queue.ts';
import type { PdfPageText, PdfTextJob, PdfTextReply } from './pdf-text-worker.ts';

/**
 * Only the first chunks of a PDF ever reach a model (at most 5 × 4,000 characters, spec 02 §9),
 * so extraction stops after this much text: a 50 MB document costs seconds, not minutes.
 */
export const MAX_EXTRACTED_CHARS = 1_000_000;
const TIMEOUT_MS = 60_000;
/** The worker is kept for further PDFs this long, then stopped to give its memory back. */
const IDLE_MS = 60_000;
const HEAP_LIMIT_MB = 512;
/**
 * PDFs of one user read or waiting to be read at once: as many as one message can carry, which
 * the composer uploads together (docs/decisions/319-fair-pdf-extraction.md).
 */
export const MAX_PENDING_PDFS_PER_USER = MAX_FILES_PER_MESSAGE;

/** A reason safe to show the user and to store as processingError. */
export class PdfTextError extends Error {
  override name = 'PdfTextError';
}

const PDF_MESSAGES = {
  password: 'The PDF is password-protected and cannot be read.',
  unreadable: 'The PDF could not be read.',
  timeout: 'Reading the PDF took too long.',
} as const;

type Outcome =
  PdfTextReply | { id: number; type: 'error'; name: 'Timeout' | 'Crash'; message: string };

/**
 * One extraction thread per process, started on first use (starting it costs ~0.5 s for the
 * TypeScript loader and pdf.js), fed one PDF at a time by the line below: the HTTP thread keeps
 * the other core. A PDF that hangs past the timeout or exhausts the heap costs only that thread,
 * which is replaced for the next job.
 */
class PdfTextThread {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private idleTimer: NodeJS.Timeout | undefined;
  private nextId = 1;

  /** Only ever called by the line, which waits for each job before it starts the next. */
  async run(filePath: string): Promise<Outcome> {
    clearTimeout(this.idleTimer);
    const worker = await this.start();
    const outcome = await this.ask(worker, {
      id: this.nextId++,
      filePath,
      maxChars: MAX_EXTRACTED_CHARS,
    });
    if (outcome.type === 'error' && (outcome.name === 'Timeout' || outcome.name === 'Crash')) {
      this.stop();
    } else {
      this.idleTimer = setTimeout(() => this.stop(), IDLE_MS).unref();
    }
    return outcome;
  }

  private ask(worker: Worker, job: PdfTextJob): Promise<Outcome> {
    return new Promise<Outcome>((resolve) => {
      const finish = (outcome: Outcome) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        resolve(outcome);
      };
      const fail = (name: 'Timeout' | 'Crash', message: string) =>
        finish({ id: job.id, type: 'error', name, message });
      const onMessage = (reply: PdfTextReply) => {
        if (reply.id === job.id) finish(reply);
      };
      const onError = (error: Error) => fail('Crash', error.message);
      const onExit = (code: number) => fail('Crash', `exited with code ${code}`);
      const timer = setTimeout(() => fail('Timeout', PDF_MESSAGES.timeout), TIMEOUT_MS);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(job);
    });
  }

  private start(): Promise<Worker> {
    if (this.worker && this.ready) return this.ready.then(() => this.worker!);
    const worker = startWorker('pdf-text-worker', {
      resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
    });
    // Never keeps the process alive on its own.
    worker.unref();
    // A job in progress reports errors itself (ask); an idle worker that dies is just replaced.
    worker.on('error', () => {});
    worker.once('exit', () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.ready = null;
    });
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`PDF worker exited with code ${code}`)));
    });
    return this.ready.then(
      () => worker,
      (error: unknown) => {
        this.stop();
        throw error;
      },
    );
  }

  private stop() {
    clearTimeout(this.idleTimer);
    void this.worker?.terminate();
    this.worker = null;
    this.ready = null;
  }
}

const thread = new PdfTextThread();
/** Users take turns: one user's many slow PDFs never hold another user's upload for long. */
const line = new FairQueue(MAX_PENDING_PDFS_PER_USER);

/** A user's place in the extraction line, held from before the upload's row is written. */
export interface PdfTextTurn {
  /** The text of each page with text, in order; throws PdfTextError with a user-safe reason. */
  extract(filePath: string): Promise<PdfPageText[]>;
  /** Gives the place back unused (the upload failed before its text was wanted). */
  release(): void;
}

/** A place in the line for one of the user's PDFs; null when they have too many waiting. */
export function reservePdfText(userId: number): PdfTextTurn | null {
  const place = line.reserve(userId);
  if (!place) return null;
  return {
    async extract(filePath) {
      const outcome = await place
        .run(() => thread.run(filePath))
        .catch((error: unknown): Outcome => ({
          id: 0,
          type: 'error',
          name: 'Crash',
          message: String(error),
        }));
      if (outcome.type === 'done') return outcome.pages;
      if (outcome.name === 'PasswordException') throw new PdfTextError(PDF_MESSAGES.password);
      if (outcome.name === 'Timeout') throw new PdfTextError(PDF_MESSAGES.timeout);
      throw new PdfTextError(PDF_MESSAGES.unreadable);
    },
    release: () => place.release(),
  };
}
