/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only in secure contexts, and a self-hosted
 * server may be reached over plain http on a local network: there the same is built from
 * `crypto.getRandomValues`, which every context has (each 0, 1 and 8 of the template becomes a
 * random hex digit, the 8 keeping the variant bits 10).
 */
export const randomUuid = (): string =>
  crypto.randomUUID?.() ??
  '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (digit) =>
    (+digit ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+digit / 4)))).toString(16),
  );
