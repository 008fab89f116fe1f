/** One stored log line and its place in the sequence of this instance's lines. */
export interface RingLine {
  seq: number;
  line: string;
}

/**
 * The newest `size` log lines of this instance, as pino wrote them (already redacted). Lines
 * are parsed only when an administrator searches them, so logging costs one array store.
 */
export class LogRing {
  private readonly lines: (string | undefined)[];
  private next = 0;

  constructor(readonly size: number) {
    this.lines = new Array<string | undefined>(size);
  }

  /** pino's destination interface: one JSON line per call. */
  write(line: string): void {
    this.lines[this.next % this.size] = line;
    this.next++;
  }

  /** Newest first, starting below `beforeSeq` when given. */
  *newestFirst(beforeSeq?: number): Generator<RingLine> {
    const oldest = Math.max(0, this.next - this.size);
    const start = Math.min(this.next, beforeSeq ?? this.next) - 1;
    for (let seq = start; seq >= oldest; seq--) {
      yield { seq, line: this.lines[seq % this.size]! };
    }
  }
}
