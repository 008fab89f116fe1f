import { z } from 'zod';

/**
 * The messages between the code hub page and its sandboxed runner (an opaque-origin iframe,
 * decision 240). Each side checks the sending window and parses with these schemas: nothing a
 * run prints can pose as another message, and a message from any other window is dropped.
 */

/** Languages the browser sandbox runs; every other code hub language only shows a note. */
export const RUNNABLE_LANGUAGES = ['javascript', 'typescript', 'python', 'sql', 'html'] as const;
export type RunnableLanguage = (typeof RUNNABLE_LANGUAGES)[number];

export function isRunnable(language: string): language is RunnableLanguage {
  return (RUNNABLE_LANGUAGES as readonly string[]).includes(language);
}

/** Default and bounds of the time limit a run may use after its engine has loaded. */
export const RUN_TIME_LIMIT = { defaultSeconds: 5, minSeconds: 1, maxSeconds: 60 } as const;
/**
 * Loading Python or PostgreSQL (≈ 4–6 MB gzip of WebAssembly, fetched and compiled per sandbox)
 * has its own, longer bound: generous for a slow line or a busy machine.
 */
export const ENGINE_LOAD_LIMIT_MS = 120_000;
/** Output kept per run; a print loop would otherwise grow the page without bound. */
export const MAX_OUTPUT_CHARS = 200_000;

const runId = z.string().min(1).max(64);
const file = z.object({ filename: z.string().min(1).max(100), content: z.string() });

/** Page → runner. */
export const runnerCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('run'),
    runId,
    language: z.enum(RUNNABLE_LANGUAGES),
    mainFile: z.string().min(1).max(100),
    files: z.array(file).max(100),
  }),
]);
export type RunnerCommand = z.infer<typeof runnerCommandSchema>;

export const outputStreamSchema = z.enum(['stdout', 'stderr']);
export type OutputStream = z.infer<typeof outputStreamSchema>;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const resultTableSchema = z.object({
  columns: z.array(z.string()).max(1000),
  rows: z.array(z.array(cell)).max(10_000),
  /** Rows the statement returned in all; `rows` holds at most the first 1,000. */
  rowCount: z.number().int().nonnegative(),
});
export type ResultTable = z.infer<typeof resultTableSchema>;

/** Runner → page. */
export const runnerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** The engine is loaded and the user's code starts: the time limit counts from here. */
  z.object({ type: z.literal('started'), runId }),
  z.object({
    type: z.literal('output'),
    runId,
    stream: outputStreamSchema,
    text: z.string().max(MAX_OUTPUT_CHARS),
  }),
  z.object({ type: z.literal('table'), runId, table: resultTableSchema }),
  z.object({
    type: z.literal('finished'),
    runId,
    ok: z.boolean(),
    error: z.string().max(10_000).optional(),
  }),
]);
export type RunnerEvent = z.infer<typeof runnerEventSchema>;

/** What one run produced; the live session page shares it into the session's output. */
export interface RunResult {
  language: RunnableLanguage;
  status: 'ok' | 'error' | 'timeout' | 'stopped';
  durationMs: number;
  output: { stream: OutputStream; text: string }[];
  tables: ResultTable[];
  error?: string;
}
