/** A place in the line, held from the reservation until its task has run or it is given back. */
export interface QueuePlace {
  /** Runs the task at its owner's turn; the place is given back once the task has settled. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Gives the place back without running anything (the upload failed before its turn). */
  release(): void;
}

/**
 * Runs one task at a time, taking turns between owners: each owner's tasks run in order, and an
 * owner whose task has just run goes to the back of the line, so one user's backlog delays
 * another user's task by at most one task per user waiting. Each owner holds at most
 * `placesPerOwner` places, queued or running (docs/decisions/319-fair-pdf-extraction.md).
 */
export class FairQueue {
  /** Waiting tasks by owner; the Map's insertion order is the order of the owners' turns. */
  private readonly lines = new Map<number, (() => Promise<void>)[]>();
  private readonly held = new Map<number, number>();
  private running = false;

  constructor(private readonly placesPerOwner: number) {}

  /** Holds one of the owner's places, or null when they hold all of them already. */
  reserve(owner: number): QueuePlace | null {
    const held = this.held.get(owner) ?? 0;
    if (held >= this.placesPerOwner) return null;
    this.held.set(owner, held + 1);
    let state: 'held' | 'queued' | 'done' = 'held';
    const giveBack = () => {
      if (state === 'done') return;
      state = 'done';
      const left = (this.held.get(owner) ?? 1) - 1;
      if (left > 0) this.held.set(owner, left);
      else this.held.delete(owner);
    };
    return {
      run: <T>(task: () => Promise<T>) => {
        if (state !== 'held') return Promise.reject(new Error('This queue place was used already'));
        state = 'queued';
        return new Promise<T>((resolve, reject) => {
          this.enqueue(owner, async () => {
            try {
              resolve(await task());
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            } finally {
              giveBack();
            }
          });
        });
      },
      release: () => {
        if (state === 'held') giveBack();
      },
    };
  }

  private enqueue(owner: number, start: () => Promise<void>) {
    const line = this.lines.get(owner);
    if (line) line.push(start);
    else this.lines.set(owner, [start]);
    this.startNext();
  }

  private startNext() {
    if (this.running) return;
    const next = this.lines.entries().next();
    if (next.done) return;
    const [owner, line] = next.value;
    const start = line.shift()!;
    // To the back: every other owner waiting has a turn before this one's next task.
    this.lines.delete(owner);
    if (line.length > 0) this.lines.set(owner, line);
    this.running = true;
    void start().finally(() => {
      this.running = false;
      this.startNext();
    });
  }
}
