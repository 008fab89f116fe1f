import type { z } from 'zod';
import { apiUrl } from '#client/lib/api-base.ts';

/** Spec 01-core §8: the exact German texts of the timeout error. */
export const TIMEOUT_MESSAGE =
  'Die Anfrage hat zu lange gedauert. Bitte versuche es später erneut.';
export const TIMEOUT_ABORT_REASON = 'Anfrage wegen Zeitüberschreitung abgebrochen';
export const DEFAULT_TIMEOUT_MS = 60_000;
const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 5000;

export class TimeoutError extends Error {
  override name = 'TimeoutError';
  constructor() {
    super(TIMEOUT_MESSAGE);
  }
}

/** A non-2xx answer; `code` and `details` come from the server's error envelope when present. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  /** Extra attempts after a failure (spec §7: default 0), waiting 1 s, 2 s, 4 s, 5 s … */
  retries?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The Accept header; default JSON (the chat asks for text/event-stream). */
  accept?: string;
  /** Resumes an event stream after the last event seen (the Last-Event-ID header, WHATWG SSE). */
  lastEventId?: string;
  /**
   * The Idempotency-Key header: a retry of the same request carries the same key, so the server
   * answers it with the first one's result instead of acting twice (POST /api/chat).
   */
  idempotencyKey?: string;
}

export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** attempt, BACKOFF_MAX_MS);
}

/** Spec §8: the JSON body's message, else the raw body text, else status and status text. */
async function toHttpError(response: Response): Promise<HttpError> {
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      const body = JSON.parse(text) as { message?: unknown; code?: unknown; details?: unknown };
      if (typeof body.message === 'string' && body.message) {
        const code = typeof body.code === 'string' ? body.code : undefined;
        return new HttpError(response.status, body.message, code, body.details);
      }
    } catch {
      // Not JSON: the text itself is the message.
    }
    return new HttpError(response.status, text);
  }
  return new HttpError(response.status, `${response.status} ${response.statusText}`.trim());
}

type UnauthenticatedListener = (path: string) => void;
const unauthenticatedListeners = new Set<UnauthenticatedListener>();

/**
 * Hears every 401 except a refused login: the session has ended on the server (signed out
 * elsewhere, revoked or suspended by an administrator). Returns the unsubscribe call.
 */
export function onUnauthenticated(listener: UnauthenticatedListener): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

async function requestOnce(method: string, path: string, body: unknown, options: RequestOptions) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(TIMEOUT_ABORT_REASON);
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = {
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    'X-Requested-With': 'XMLHttpRequest',
    Accept: options.accept ?? 'application/json',
  };
  // A FormData body (uploads) sets its own multipart Content-Type with the boundary; a File
  // goes as it is, its name in X-File-Name (a backup to restore, which may be large).
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const isFile = typeof File !== 'undefined' && body instanceof File;
  if (isFile) {
    headers['Content-Type'] = 'application/octet-stream';
    headers['X-File-Name'] = encodeURIComponent(body.name);
  } else if (body !== undefined && !isForm) {
    headers['Content-Type'] = 'application/json';
  }
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  try {
    const response = await fetch(apiUrl(path), {
      method,
      headers,
      credentials: 'include',
      cache: 'no-store',
      body: body === undefined ? undefined : isForm || isFile ? body : JSON.stringify(body),
      signal: controller.signal,
    });
    if (response.status === 401 && !path.startsWith('/api/login')) {
      for (const listener of unauthenticatedListeners) listener(path);
    }
    if (!response.ok) throw await toHttpError(response);
    return response;
  } catch (error) {
    if (timedOut) throw new TimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The shared request helper (spec 01-core §7): credentials, no-cache headers and the
 * XMLHttpRequest marker on every call, a 60 s timeout and optional retries with backoff.
 * Resolves with the successful Response.
 */
export async function apiRequest(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const retries = options.retries ?? 0;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await requestOnce(method, path, body, options);
    } catch (error) {
      const aborted = options.signal?.aborted === true;
      if (attempt >= retries || aborted) throw error;
      await sleep(backoffDelay(attempt));
    }
  }
}

/**
 * Whether answers are checked against the shared response schemas: in development and in tests
 * (where the client fake also checks every answer it gives). A production build trusts the
 * server, which checks each JSON answer against the same schema before it sends it (the zod
 * serializer of src/server/app.ts), so zod and the schemas stay off every page's load (decision
 * 281). `import.meta.env.DEV` is a build-time constant: production code has no schema import.
 */
export const CHECKS_ANSWERS: boolean = import.meta.env.DEV;

/** The shared response schemas, fetched once on the first answer read (see response-schemas.ts). */
export type ResponseSchemas = typeof import('#client/lib/api/response-schemas.ts');
let responseSchemas: Promise<ResponseSchemas> | undefined;
export const loadResponseSchemas = () =>
  (responseSchemas ??= import('#client/lib/api/response-schemas.ts'));

/** A schema picked from the shared response schemas: `(s) => s.PublicUserSchema`. */
export type PickSchema<S extends z.ZodType> = (schemas: ResponseSchemas) => S;

/**
 * A successful answer whose body breaks the API contract (GET /api/openapi.json): a client and
 * server out of step. Named clearly instead of letting a wrongly shaped value travel on.
 */
export class ContractError extends Error {
  override name = 'ContractError';
  constructor(
    readonly url: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const where = issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
      .join('; ');
    super(`Unexpected answer from ${url || 'the server'}: ${where}`);
  }
}

/**
 * The JSON of a successful answer, checked against the route's shared response schema; null for
 * an empty body. Throws ContractError when the body does not fit the schema (where answers are
 * checked: CHECKS_ANSWERS).
 */
export async function readJson<S extends z.ZodType>(
  response: Response,
  pick: PickSchema<S>,
): Promise<z.output<S> | null> {
  if (!CHECKS_ANSWERS) {
    const text = await response.text();
    return text ? (JSON.parse(text) as z.output<S>) : null;
  }
  const schemas = loadResponseSchemas();
  const text = await response.text();
  if (!text) return null;
  const result = pick(await schemas).safeParse(JSON.parse(text));
  if (!result.success) throw new ContractError(response.url, result.error.issues);
  return result.data;
}

/** The default query reader: GET, null for an empty body, and optionally null on 401. */
export async function getJson<S extends z.ZodType>(
  path: string,
  pick: PickSchema<S>,
  { on401 = 'throw', ...options }: RequestOptions & { on401?: 'throw' | 'returnNull' } = {},
): Promise<z.output<S> | null> {
  try {
    return await readJson(await apiRequest('GET', path, undefined, options), pick);
  } catch (error) {
    if (on401 === 'returnNull' && error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}
