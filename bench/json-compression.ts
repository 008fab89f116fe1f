/**
 * What compressing the API's JSON answers saves and costs (decision 302): bytes and CPU per
 * answer for gzip and brotli at the levels a server would use, against the answer as it is.
 * The answers: a subscriber's personas list (every built-in persona, names and descriptions in
 * six languages) and a page of 50 messages with markdown, as the chat screen reads them.
 *
 *   npm run bench -- json-compression
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BUILTIN_PERSONAS } from '#server/features/personas/builtin-personas.ts';
import { COMPRESS_MIN_BYTES } from '#server/http/compression.ts';

const createdAt = new Date().toISOString();
const SUFFIXES = { de: 'De', zh: 'Zh', mk: 'Mk', sq: 'Sq', ko: 'Ko' } as const;
/** As GET /api/personas lists the built-ins: names and descriptions in six languages. */
const personasList = JSON.stringify(
  BUILTIN_PERSONAS.map((persona, index) => ({
    id: index + 1,
    name: persona.en.name,
    description: persona.en.description,
    icon: persona.icon,
    color: persona.color,
    isDefault: persona.isDefault,
    isCustom: false,
    userId: null,
    language: 'en',
    createdAt,
    ...Object.fromEntries(
      Object.entries(SUFFIXES).flatMap(([language, suffix]) => [
        [`name${suffix}`, persona[language as keyof typeof SUFFIXES].name],
        [`description${suffix}`, persona[language as keyof typeof SUFFIXES].description],
      ]),
    ),
  })),
);
const messagePage = JSON.stringify({
  messages: Array.from({ length: 50 }, (_, index) => ({
    id: 1000 + index,
    content:
      index % 2 === 0
        ? `Frage ${index}: Wie funktioniert das genau, und worauf muss ich achten?`
        : `Gerne! Eine ausführliche Antwort mit **Markdown**:\n\n- Punkt eins zum Thema ${index}\n- Punkt zwei mit \`code\`\n\n\`\`\`ts\nconst value = ${index};\n\`\`\`\n`,
    isUserMessage: index % 2 === 0,
    timestamp: new Date(Date.now() - index * 60_000).toISOString(),
    status: 'complete',
    model: index % 2 === 0 ? null : 'gpt-4o',
    attachments: [],
  })),
  hasMore: true,
});

const encoders: Record<string, (input: Buffer) => Buffer> = {
  'gzip 1': (input) => gzipSync(input, { level: 1 }),
  'gzip 6 (chosen)': (input) => gzipSync(input),
  'brotli 4': (input) => brotli(input, 4),
  'brotli 5': (input) => brotli(input, 5),
};

function brotli(input: Buffer, quality: number) {
  return brotliCompressSync(input, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
    },
  });
}

/** Median µs per call over five rounds of 200, after a warm-up. */
function microseconds(encode: () => Buffer) {
  for (let i = 0; i < 50; i++) encode();
  const rounds = Array.from({ length: 5 }, () => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < 200; i++) encode();
    return Number(process.hrtime.bigint() - start) / 200 / 1000;
  }).sort((a, b) => a - b);
  return rounds[2]!;
}

console.log(`answers of ${COMPRESS_MIN_BYTES} bytes and more are compressed\n`);
console.log('| answer | encoding | bytes | of the answer | µs per answer |');
console.log('|---|---|---|---|---|');
for (const [name, text] of [
  ['personas list (subscriber)', personasList],
  ['50 messages', messagePage],
] as const) {
  const input = Buffer.from(text);
  console.log(`| ${name} | as it is | ${input.length} | 100 % | 0 |`);
  for (const [encoding, encode] of Object.entries(encoders)) {
    const size = encode(input).length;
    const cost = microseconds(() => encode(input));
    console.log(
      `| ${name} | ${encoding} | ${size} | ${((size / input.length) * 100).toFixed(0)} % | ${cost.toFixed(0)} |`,
    );
  }
}
