/**
 * The fake AI provider of the chat-stream benchmark, in a process of its own so its CPU and event
 * loop are not the server's or the client's. Scripts by marker: [ttft] five small chunks at once,
 * [short] 20 and [long] 220 chunks two milliseconds apart, [steady] 800 chunks 20 ms apart (a real
 * model's pace, 50 tokens a second, for 16 s: the streams kept open while others are timed);
 * [scale] a hosted model's pace for bench/chat-scale.ts: the first token after 300 ms, then 30
 * tokens a second for 5 s.
 */
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';

const fake = await FakeAi.start();
const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index} `);
fake.when('[ttft]', { chunks: words(5) });
fake.when('[short]', { chunks: words(20), chunkDelayMs: 2 });
fake.when('[long]', { chunks: words(220), chunkDelayMs: 2 });
fake.when('[steady]', { chunks: words(800), chunkDelayMs: 20 });
fake.when('[scale]', { chunks: words(150), firstChunkDelayMs: 300, chunkDelayMs: 33 });
// Keep no request log: the benchmark sends thousands.
setInterval(() => fake.requests.splice(0), 1_000).unref();

process.send!({ url: fake.url });
process.on('message', (message) => {
  if (message === 'close') void fake.close().then(() => process.exit(0));
});
