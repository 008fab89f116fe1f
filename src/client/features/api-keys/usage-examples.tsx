import { useTranslation } from 'react-i18next';
import { apiUrl } from '#client/lib/api-base.ts';

/** curl and the official openai client against this server's /api/v1. */
export function UsageExamples() {
  const { t } = useTranslation('apiKeys');
  const baseUrl = new URL(apiUrl('/api/v1'), window.location.href).href;
  const curl = [
    `curl ${baseUrl}/chat/completions \\`,
    '  -H "Authorization: Bearer $ORBIT_API_KEY" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '{"model": "gpt-4o", "messages": [{"role": "user", "content": "Hello"}]}'`,
  ].join('\n');
  const client = [
    "import OpenAI from 'openai';",
    '',
    `const client = new OpenAI({ apiKey: process.env.ORBIT_API_KEY, baseURL: '${baseUrl}' });`,
    'const completion = await client.chat.completions.create({',
    "  model: 'gpt-4o',",
    "  messages: [{ role: 'user', content: 'Hello' }],",
    '});',
    'console.log(completion.choices[0].message.content);',
  ].join('\n');
  return (
    <section aria-labelledby="api-key-examples" className="card flex flex-col gap-3">
      <h2 id="api-key-examples" className="text-lg font-semibold">
        {t('examples.title')}
      </h2>
      <p className="text-sm text-muted">{t('examples.intro')}</p>
      <h3 className="font-medium">curl</h3>
      <pre
        className="overflow-x-auto rounded-md bg-surface-2 p-3 text-sm"
        data-testid="curl-example"
      >
        <code>{curl}</code>
      </pre>
      <h3 className="font-medium">{t('examples.client')}</h3>
      <pre className="overflow-x-auto rounded-md bg-surface-2 p-3 text-sm">
        <code>{client}</code>
      </pre>
      <p className="text-sm text-muted">{t('examples.persona')}</p>
    </section>
  );
}
