import { createTestApp, type TestContext } from '../test-app.ts';
import { FakeAi } from './fake-ai-server.ts';

/** A test app whose AI providers all point at a fake upstream of its own. */
export interface FakeAiApp {
  t: TestContext;
  fake: FakeAi;
}

export async function startAppWithFakeAi(env: Record<string, string> = {}): Promise<FakeAiApp> {
  const fake = await FakeAi.start();
  return { fake, t: await createTestApp(fake.env(env)) };
}

export async function stopAppWithFakeAi({ t, fake }: Partial<FakeAiApp>) {
  await t?.close();
  await fake?.close();
}
