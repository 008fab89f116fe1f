import { z } from 'zod';

/**
 * Building blocks of the response schemas that are not JSON bodies. Fastify sends streams,
 * buffers and strings as they are, so these only document the answer (GET /api/openapi.json).
 */

/** 204 answers: no body. */
export const NoContentSchema = z.undefined().meta({ description: 'No content' });

/**
 * A body the server sends as it is (a stream, bytes or text), which the serializer never sees;
 * typed unknown for the routes, documented as a string.
 */
const rawBody = (meta: { format?: 'binary'; description: string }) =>
  z.custom<unknown>(() => true).meta({ type: 'string', ...meta });

/** A file's bytes (PDF, image, download). */
export const BinaryBodySchema = rawBody({ format: 'binary', description: 'The file itself' });

/** A text document sent as it is (an export, the reference page and its assets). */
export const TextBodySchema = rawBody({ description: 'The document itself' });

/** GET /api/openapi.json: the OpenAPI 3.1 document of this API. */
export const OpenApiDocumentSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ description: 'OpenAPI 3.1 document' });
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;
