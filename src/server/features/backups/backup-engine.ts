import type { TableRowCount } from '#shared/admin/backups.ts';

/**
 * How one kind of database is backed up, checked and restored (decision 150): PostgreSQL with
 * pg_dump's custom format, embedded PGlite with its data-directory dump.
 */
export interface BackupEngine {
  format: 'pglite' | 'postgres';
  /** The backup file's extension. */
  extension: string;
  /** Throws a clear AppError when backups cannot be written here (missing or too old tools). */
  requireReady(): Promise<void>;
  /** Writes a backup of the live database to `file`. */
  write(file: string): Promise<void>;
  /** Checks a written backup cheaply; returns how many tables hold data in it. */
  verify(file: string): Promise<number>;
  /** Loads the backup into a scratch database (dropped afterwards) and counts rows per table. */
  inspect(file: string): Promise<{ tables: TableRowCount[]; maxAuditId: number }>;
  /** Replaces the live database with the backup (the caller holds maintenance mode). */
  restore(file: string): Promise<void>;
  /** Whether a file looks like a backup of this kind (an upload's first bytes). */
  recognises(head: Buffer): boolean;
}

export class BackupToolError extends Error {
  constructor(
    message: string,
    /** The SQLSTATE of PostgreSQL's error, where the tool printed one. */
    readonly sqlState?: string,
  ) {
    super(message);
  }
}
