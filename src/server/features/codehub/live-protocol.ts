import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { fileTextKey, type LiveRole } from '#shared/codehub/live-schemas.ts';
import type { SessionFile } from './live-document.ts';

/**
 * The y-websocket protocol as the live hub speaks it (decision 231): the message types, the
 * frames it sends (sync and awareness), what travels between instances on `codehub:{sessionId}`,
 * and the readable summary of an edit (decision 230).
 */

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_QUERY_AWARENESS = 3;

/** What travels on `codehub:{sessionId}` (JSON on Redis: binary as base64). */
export type HubMessage =
  | { from: string; kind: 'update' | 'awareness'; data: string }
  | { from: string; kind: 'role'; userId: number; role: LiveRole }
  | { from: string; kind: 'changed' }
  | { from: string; kind: 'end' }
  /** The session's files changed; `seed` is a new file's first text (base64). */
  | { from: string; kind: 'files'; files: SessionFile[]; seed: string | null };

export interface AwarenessChanges {
  added: number[];
  updated: number[];
  removed: number[];
}

export const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
export const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** Sync step 1: the server's state vector, asking the client for what it lacks. */
export function syncStep1Frame(doc: Y.Doc) {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(encoder, doc);
  return encoding.toUint8Array(encoder);
}

/** One document update, as every client receives it. */
export function updateFrame(update: Uint8Array) {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** An awareness update (already encoded) as a frame. */
export function awarenessFrame(update: Uint8Array) {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** The awareness states of `clients` as a frame. */
export function awarenessStatesFrame(awareness: awarenessProtocol.Awareness, clients: number[]) {
  return awarenessFrame(awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
}

/**
 * Reads one frame from a client: sync step 1 is answered, a document update is applied with
 * `origin` when the connection may edit (else dropped) and it `fits`, awareness is applied.
 * Returns the frame to answer with, 'awareness' when the client asked for every awareness state,
 * 'too-large' for an update that does not fit (not applied), or null.
 */
export function readClientFrame(
  data: Uint8Array,
  doc: Y.Doc,
  awareness: awarenessProtocol.Awareness,
  origin: unknown,
  { canEdit, fits }: { canEdit: boolean; fits: (update: Uint8Array) => boolean },
): Uint8Array | 'awareness' | 'too-large' | null {
  const decoder = decoding.createDecoder(data);
  const type = decoding.readVarUint(decoder);
  if (type === MESSAGE_SYNC) {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    const step = decoding.readVarUint(decoder);
    if (step === syncProtocol.messageYjsSyncStep1) {
      syncProtocol.readSyncStep1(decoder, encoder, doc);
    } else if (
      step === syncProtocol.messageYjsSyncStep2 ||
      step === syncProtocol.messageYjsUpdate
    ) {
      const update = decoding.readVarUint8Array(decoder);
      if (!canEdit) return null;
      if (!fits(update)) return 'too-large';
      Y.applyUpdate(doc, update, origin);
    }
    return encoding.length(encoder) > 1 ? encoding.toUint8Array(encoder) : null;
  }
  if (type === MESSAGE_AWARENESS) {
    awarenessProtocol.applyAwarenessUpdate(awareness, decoding.readVarUint8Array(decoder), origin);
  } else if (type === MESSAGE_QUERY_AWARENESS) {
    return 'awareness';
  }
  return null;
}

/** An edit's readable summary, taken from the text events of its transaction. */
export interface EditSummary {
  fileId: string;
  index: number;
  inserted: string;
  deleted: number;
}

/** Collects the text events of each transaction on the observed files (an edit row's summary). */
export class EditSummaries {
  private readonly byTransaction = new WeakMap<Y.Transaction, EditSummary[]>();
  private readonly observed = new Set<string>();

  constructor(
    private readonly doc: Y.Doc,
    /** Whose transactions are summarised (the connections' edits; not loads or relays). */
    private readonly counts: (origin: unknown) => boolean,
  ) {}

  observe(fileId: string) {
    if (this.observed.has(fileId)) return;
    this.observed.add(fileId);
    this.doc.getText(fileTextKey(fileId)).observe((event) => {
      if (!this.counts(event.transaction.origin)) return;
      const list = this.byTransaction.get(event.transaction) ?? [];
      list.push(summarise(event, fileId));
      this.byTransaction.set(event.transaction, list);
    });
  }

  of(transaction: Y.Transaction) {
    return this.byTransaction.get(transaction) ?? [];
  }
}

function summarise(event: Y.YTextEvent, fileId: string): EditSummary {
  let index = 0;
  let first: number | null = null;
  let inserted = '';
  let deleted = 0;
  for (const op of event.delta) {
    if (op.retain !== undefined) index += op.retain;
    if (typeof op.insert === 'string') {
      first ??= index;
      inserted += op.insert;
      index += op.insert.length;
    }
    if (op.delete !== undefined) {
      first ??= index;
      deleted += op.delete;
    }
  }
  return { fileId, index: first ?? 0, inserted, deleted };
}
