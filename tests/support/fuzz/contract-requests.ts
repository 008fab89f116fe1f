import fc, { type Arbitrary } from 'fast-check';
import { invalidValue, nastyString, validValue, type JsonSchema } from './json-schema-arbitrary.ts';

/** One operation of the OpenAPI document, as the fuzzer needs it. */
export interface Operation {
  method: string;
  template: string;
  parameters: { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema }[];
  body?: JsonSchema;
  /** Content types the operation consumes (multipart for uploads). */
  consumes: string[];
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['parameters'];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of the document: nothing hard-coded, so routes added later are walked too. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const content = operation.requestBody?.content ?? {};
      return {
        method: method.toUpperCase(),
        template,
        parameters: operation.parameters ?? [],
        ...(content['application/json'] ? { body: content['application/json'].schema } : {}),
        consumes: Object.keys(content),
      };
    }),
  );
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** For the failure message: which operation and what was varied. */
  operation: string;
}

/** What Chromium sends: the web client's answers come gzipped when large (decision 302). */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/octet-stream',
  'application/xml',
  'application/json; charset=latin1',
  'a/b',
  ';;;',
];

/** Header values a client can send (HTTP refuses control characters and non-Latin-1 text). */
const headerText = fc
  .string({ unit: 'binary-ascii', maxLength: 60 })
  .map((text) => text.replace(/[^\x20-\x7e]/g, ''));

/**
 * The ids a caller may try: the other user's real ones (the point of the exercise), values that
 * pass the schema, and text that should not.
 */
function pathValue(schema: JsonSchema, knownIds: readonly string[]): Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...knownIds) },
    { weight: 2, arbitrary: validValue(schema).map(asText) },
    { weight: 2, arbitrary: nastyString.filter((text) => text.length < 2_000) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('0', '-1', '1.5', '99999999999999999999', '1e3', ' 1'),
    },
  );
}

/** A generated value as it would appear in a URL. */
const asText = (value: unknown) =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);

function encodePath(value: string) {
  // A lone surrogate cannot be percent-encoded as UTF-8; send its broken bytes as clients might.
  try {
    return encodeURIComponent(value);
  } catch {
    return 'a%ED%A0%80b';
  }
}

function encodeQuery(entries: [string, string][]) {
  return entries.map(([name, value]) => `${encodePath(name)}=${encodePath(value)}`).join('&');
}

/** Requests for one operation: its body valid or not, any query, any content type, any size. */
export function requestFor(
  operation: Operation,
  knownIds: readonly string[],
): Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const path = fc
    .tuple(...pathParameters.map((p) => pathValue(p.schema, knownIds)))
    .map((values) => {
      let index = 0;
      return operation.template.replace(/\{\w+\}/g, () => encodePath(values[index++]!));
    });
  const queryEntry = fc.oneof(
    ...queryParameters.map((p) =>
      fc.tuple(
        fc.constant(p.name),
        fc.oneof(
          validValue(p.schema).map(asText),
          nastyString.filter((text) => text.length < 5_000),
        ),
      ),
    ),
    fc.tuple(
      nastyString.filter((text) => text.length < 50),
      nastyString.filter((text) => text.length < 50),
    ),
  );
  const query = fc.array(queryEntry, { maxLength: queryParameters.length + 1 }).map(encodeQuery);

  const jsonBody = operation.body
    ? fc.oneof(
        { weight: 3, arbitrary: validValue(operation.body) },
        { weight: 3, arbitrary: invalidValue(operation.body) },
      )
    : fc.oneof(fc.constant(undefined), invalidValue({}));
  const payload: Arbitrary<string | Buffer | undefined> = fc.oneof(
    {
      weight: 6,
      arbitrary: jsonBody.map((value) => (value === undefined ? undefined : JSON.stringify(value))),
    },
    { weight: 1, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{', '[1,', '{"a":', '\u0000', '{"__proto__":{"x":1}}', 'null'),
    },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES, ...operation.consumes) },
    { weight: 1, arbitrary: headerText },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const headers = fc.record(
    {
      accept: fc.constantFrom('application/json', 'text/event-stream', '*/*', 'text/html', 'x/y'),
      'accept-encoding': fc.oneof(
        fc.constantFrom(BROWSER_ENCODINGS, 'gzip;q=0, br', '*', 'identity', 'gzip;q=x'),
        headerText,
      ),
      'idempotency-key': headerText,
      'if-none-match': headerText,
      'accept-language': fc.oneof(fc.constantFrom('de', 'en', 'zh', 'ko', 'xx', '*'), headerText),
      'last-event-id': fc.oneof(headerText, fc.constantFrom('0', '1', '-1', '999999')),
    },
    { requiredKeys: [] },
  );
  // Most requests carry the web client's CSRF marker, so they reach validation and the handler.
  const marker = fc.oneof(
    { weight: 9, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  );

  const messy = fc
    .record({ path, query, payload, contentType, headers, marker })
    .map(
      ({
        path: url,
        query: search,
        payload: body,
        contentType: type,
        headers: extra,
        marker: withMarker,
      }) => {
        const withBody =
          body !== undefined && !['GET', 'HEAD', 'DELETE'].includes(operation.method);
        const all: Record<string, string> = { ...extra };
        if (withMarker) all['x-requested-with'] = 'XMLHttpRequest';
        if (withBody && type !== undefined) all['content-type'] = type;
        return {
          method: operation.method,
          url: search ? `${url}?${search}` : url,
          headers: all,
          ...(withBody ? { payload: body } : {}),
          operation: `${operation.method} ${operation.template}`,
        };
      },
    );

  // A third of the requests are what the web client sends: a body that fits the schema, JSON,
  // the marker and nothing else odd, so handlers run past validation and store things too.
  const fitting = operation.body
    ? validValue(operation.body).map((value) => JSON.stringify(value))
    : fc.constant(undefined);
  const clean = fc.record({ path, body: fitting }).map(({ path: url, body }) => {
    const withBody = body !== undefined && !['GET', 'HEAD', 'DELETE'].includes(operation.method);
    return {
      method: operation.method,
      url,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        'accept-encoding': BROWSER_ENCODINGS,
        ...(withBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(withBody ? { payload: body } : {}),
      operation: `${operation.method} ${operation.template}`,
    };
  });
  return fc.oneof({ weight: 1, arbitrary: clean }, { weight: 2, arbitrary: messy });
}
