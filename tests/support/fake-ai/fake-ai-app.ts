import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../test-app.ts';
import { FakeAi } from './fake-ai-server.ts';

/** A test app whose AI providers all point at a fake upstream of its own. */
export interface FakeAiApp {
  t: TestContext;
  fake: FakeAi;
  /** Where the app listens, for tests that need real connections (streams); '' when it does not. */
  baseUrl: string;
}

export async function startAppWithFakeAi(
  env: Record<string, string> = {},
  options: { listen?: boolean } = {},
): Promise<FakeAiApp> {
  const fake = await FakeAi.start();
  const t = await createTestApp(fake.env(env));
  if (!options.listen) return { t, fake, baseUrl: '' };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, fake, baseUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

export async function stopAppWithFakeAi({ t, fake }: Partial<FakeAiApp>) {
  await t?.close();
  await fake?.close();
}
