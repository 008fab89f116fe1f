import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The `X-Orbit-Signature` of `body` under an API channel's HMAC key. */
export const orbitSignature = (hmacKey: string, body: string) =>
  `sha256=${createHmac('sha256', hmacKey).update(body).digest('hex')}`;

/**
 * Posts `body` to an API channel's webhook signed with the channel's HMAC key, as a brand's own
 * backend does, and expects it taken (200).
 */
export async function postSignedWebhook(
  app: FastifyInstance,
  url: string,
  hmacKey: string,
  body: string,
) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-orbit-signature': orbitSignature(hmacKey, body),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}
