import type { ServerResponse } from 'node:http';

/** How a fake upstream answers one request. */
export interface Script {
  /** Text pieces, one per streamed chunk (non-streamed: joined). */
  chunks?: string[];
  /** Wait before the first chunk (and before headers of a non-streamed answer). */
  firstChunkDelayMs?: number;
  chunkDelayMs?: number;
  /** Answer with this HTTP status and the provider's error body instead. */
  status?: number;
  /** Destroy the connection after this many chunks (mid-stream failure). */
  failAfterChunks?: number;
  /** Send a chunk that is not JSON after this many chunks. */
  malformedAfterChunks?: number;
  /** Never answer. */
  hang?: boolean;
  /** In-process tests only: answer once this settles (a latch the test opens). */
  waitFor?: Promise<unknown>;
  /**
   * Flood: after the chunks, stream this text as fast as the client reads, until it hangs up
   * ('chunks': endless chunks; 'line': one data line that never ends).
   */
  flood?: { kind: 'chunks' | 'line'; text: string };
  /** Usage the provider reports; null reports none. Default: 11 in, one per chunk out. */
  usage?: { input: number; output: number } | null;
}

export const DEFAULT_SCRIPT: Script = { chunks: ['Hello', ' from', ' the', ' fake', ' model.'] };

export function usageOf(script: Script) {
  if (script.usage === null) return null;
  return script.usage ?? { input: 11, output: script.chunks?.length ?? 0 };
}

/**
 * Drops the connection the way a crashed upstream does, after a pause so the chunks already sent
 * reach the client first (an errored stream discards what it has not delivered).
 */
export async function failMidStream(res: ServerResponse) {
  await sleep(50);
  res.socket?.destroy();
}

/** Writes until the client hangs up, waiting for the socket to drain (a fast, endless upstream). */
export async function floodUntilClosed(res: ServerResponse, piece: string) {
  // A safety bound, so a server that never hangs up cannot keep this running forever.
  for (let written = 0; written < 256 * 1024 * 1024 && !res.destroyed; written += piece.length) {
    if (!res.write(piece)) {
      await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
  }
  res.destroy();
}

export const sleep = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/** A reply of 12 words, 120 ms apart: long enough to stop, delete or re-attach in the middle. */
export const SLOW_REPLY_WORDS = Array.from({ length: 12 }, (_, index) => `w${index} `);
export const SLOW_REPLY = SLOW_REPLY_WORDS.join('');
export const SLOW_REPLY_SCRIPT: Script = { chunks: SLOW_REPLY_WORDS, chunkDelayMs: 120 };
