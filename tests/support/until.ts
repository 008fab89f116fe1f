/**
 * Reads `read` every `everyMs` until `done` accepts the value, and returns it; throws after
 * `attempts` reads. For outcomes that come in the background (jobs, another process).
 */
export async function until<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  { attempts = 400, everyMs = 25 }: { attempts?: number; everyMs?: number } = {},
) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error('gave up waiting');
}
