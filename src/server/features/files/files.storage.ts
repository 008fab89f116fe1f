import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '#shared/errors/app-error.ts';
import {
  detectFileType,
  SIGNATURE_BYTES,
  type AcceptedFileType,
} from '#shared/files/file-types.ts';

/** Uploads live in DATA_DIR/files under random names; storagePath is relative to DATA_DIR. */
const FILES_FOLDER = 'files';
/** 128 random bits as hex: the whole storage name, nothing of the user's file name. */
export const STORAGE_NAME = /^[0-9a-f]{32}$/;

export function filesDirectory(dataDir: string) {
  return path.resolve(dataDir, FILES_FOLDER);
}

/**
 * Uploads are written here first and moved into place only once complete, so a body cut off by
 * a crash leaves its bytes here, where nothing else lives (orphan-sweep.ts removes them).
 */
export function partialDirectory(dataDir: string) {
  return path.join(filesDirectory(dataDir), 'partial');
}

/** This host, as 8 hex digits: instances on several hosts may share one DATA_DIR. */
export const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

/** `<storage name>.<host tag>-<pid>.part`: who was writing it, to tell a dead writer at start. */
export const PARTIAL_NAME = /^[0-9a-f]{32}\.([0-9a-f]{8})-(\d+)\.part$/;

/** The absolute path of a stored file; refuses anything that is not one of our storage names. */
export function resolveStoragePath(dataDir: string, storagePath: string) {
  const name = path.posix.basename(storagePath);
  if (storagePath !== `${FILES_FOLDER}/${name}` || !STORAGE_NAME.test(name)) {
    throw new Error(`Not a storage path: ${storagePath}`);
  }
  return path.join(filesDirectory(dataDir), name);
}

export interface UploadRules {
  maxBytes: number;
  /** Thrown when the content exceeds maxBytes. */
  tooLarge: () => Error;
  /** Thrown when the first bytes are not an accepted type. */
  invalidType: () => Error;
}

/**
 * Passes bytes through while checking them: the first SIGNATURE_BYTES decide the type (nothing
 * is passed on before that), and one byte past maxBytes fails the stream. Failing destroys the
 * upload stream, so reading stops at once.
 */
class UploadGuard extends Transform {
  type: AcceptedFileType | null = null;
  size = 0;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly rules: UploadRules) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.rules.maxBytes) return done(this.rules.tooLarge());
    if (this.type) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SIGNATURE_BYTES) return done();
    this.decide(done);
  }

  override _flush(done: TransformCallback) {
    if (this.type) return done();
    this.decide(done);
  }

  private decide(done: TransformCallback) {
    const head = Buffer.concat(this.head, this.headLength);
    this.head = [];
    this.type = detectFileType(head);
    if (!this.type) return done(this.rules.invalidType());
    done(null, head);
  }
}

export interface StoredUpload {
  filename: string;
  storagePath: string;
  size: number;
  type: AcceptedFileType;
}

/** The disk or its quota is full (EFBIG: a file-size limit of the process, RLIMIT_FSIZE). */
const OUT_OF_SPACE = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

function isOutOfSpace(error: unknown) {
  return OUT_OF_SPACE.has((error as NodeJS.ErrnoException | undefined)?.code ?? '');
}

/** 507 Insufficient Storage: the server's fault, not the file's, and worth a later retry. */
const outOfSpaceError = () =>
  new AppError(
    'SERVER_ERROR',
    507,
    'The server has no room to store this file right now. Please try again later.',
  );

/** Streams an upload to disk (never held whole in memory); on any failure the partial file is removed. */
export async function storeUpload(
  source: Readable,
  dataDir: string,
  rules: UploadRules,
): Promise<StoredUpload> {
  const partial = partialDirectory(dataDir);
  await mkdir(partial, { recursive: true, mode: 0o700 });
  const filename = randomBytes(16).toString('hex');
  const written = path.join(partial, `${filename}.${HOST_TAG}-${process.pid}.part`);
  const guard = new UploadGuard(rules);
  // Opened before any byte is read, so a refusal can never race the file's creation and leave it.
  const handle = await open(written, 'wx', 0o600);
  try {
    await pipeline(source, guard, handle.createWriteStream());
    await rename(written, path.join(filesDirectory(dataDir), filename));
  } catch (error) {
    await removeStoredFile(written);
    throw isOutOfSpace(error) ? outOfSpaceError() : error;
  }
  return {
    filename,
    storagePath: `${FILES_FOLDER}/${filename}`,
    size: guard.size,
    type: guard.type!,
  };
}

export async function removeStoredFile(absolutePath: string) {
  await unlink(absolutePath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** Opens a stored file for reading; null when it is missing on disk. */
export async function openStoredFile(absolutePath: string) {
  try {
    return await open(absolutePath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
