import type { FastifyBaseLogger } from 'fastify';

/**
 * What a refused or failed turn takes back (the message it stored, the allowance it counted,
 * the files its truncation left unlinked), in one list instead of a try/catch per write. Steps
 * run newest first, each once; a step that fails is logged and the rest still run, so the
 * caller's own error is the one the client sees.
 */
export class UndoList {
  private readonly steps: (() => Promise<unknown>)[] = [];

  add(step: () => Promise<unknown>) {
    this.steps.push(step);
  }

  async run(log: FastifyBaseLogger) {
    for (const step of this.steps.splice(0).reverse()) {
      await step().catch((error: unknown) =>
        log.error({ err: error }, 'undoing a chat turn failed'),
      );
    }
  }
}
