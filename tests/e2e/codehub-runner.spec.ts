import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { registerInGerman } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

/** Issue 13 item 4: the Output panel runs code in the browser sandbox only (decision 240). */

const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

/** A project with exactly these files (the first is main), opened in the editor. */
async function openProject(
  page: Page,
  language: string,
  files: { filename: string; content: string }[],
) {
  const created = await page.request.post('/api/codehub/projects', {
    headers: API_HEADERS,
    data: { name: `Lauf ${randomBytes(3).toString('hex')}`, language, fromTemplate: false },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const file of files) {
    const response = await page.request.post(`/api/codehub/projects/${id}/files`, {
      headers: API_HEADERS,
      data: file,
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/codehub/projects/${id}`);
  await expect(page.getByRole('heading', { name: 'Ausgabe' })).toBeVisible();
}

const output = (page: Page) => page.getByRole('log', { name: 'Programmausgabe' });
const stderr = (page: Page) => output(page).locator('[data-stream="stderr"]');
const run = (page: Page) => page.getByRole('button', { name: 'Ausführen' }).click();
const finished = (page: Page) => expect(page.getByText(/^Fertig nach \d+ ms\.$/)).toBeVisible();
/** Python and PostgreSQL load a few MB of WebAssembly per sandbox: slow on a busy machine. */
const ENGINE_WAIT = { timeout: 150_000 };

test.beforeEach(async ({ page }) => {
  await registerInGerman(page);
});

test('JavaScript prints to stdout and stderr; TypeScript runs with Ctrl+Enter from the editor', async ({
  page,
}) => {
  await openProject(page, 'javascript', [
    {
      filename: 'index.js',
      content:
        "console.log('Hallo aus JS', 6 * 7);\nconsole.error('kaputt?');\nsetTimeout(() => console.log('später'), 50);\n",
    },
  ]);
  await expect(
    page.getByText(/Ausführen startet index\.js in einer abgeschotteten Sandbox/),
  ).toBeVisible();
  await run(page);
  await finished(page);
  await expect(output(page)).toContainText('Hallo aus JS 42');
  await expect(output(page)).toContainText('später');
  await expect(stderr(page)).toHaveText(/kaputt\?/);

  await openProject(page, 'typescript', [
    {
      filename: 'index.ts',
      content:
        'interface Gruß { name: string }\nconst g: Gruß = { name: "TypeScript" };\nconst n: number = await Promise.resolve(41);\nconsole.log(`Hallo ${g.name} ${n + 1}`);\n',
    },
  ]);
  const editor = page.getByRole('textbox', { name: 'Editor: index.ts' });
  await editor.click();
  await page.keyboard.press('Control+Enter');
  await finished(page);
  await expect(output(page)).toHaveText('Hallo TypeScript 42\n');
  // The shortcut ran the code; it did not also insert a line into the file.
  await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);
});

test('Python runs offline on Pyodide served by the app, importing another project file', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const requested: string[] = [];
  context.on('request', (request) => requested.push(request.url()));
  await openProject(page, 'python', [
    {
      filename: 'main.py',
      content:
        'import sys\nfrom helper import twice\nprint("Python", sys.version_info.major, twice(21))\nprint("auf stderr", file=sys.stderr)\n',
    },
    { filename: 'helper.py', content: 'def twice(n):\n    return 2 * n\n' },
  ]);
  await page.getByLabel('Zeitlimit (s)').fill('20');
  await run(page);
  await expect(page.getByText(/^Fertig nach \d+ ms\.$/)).toBeVisible(ENGINE_WAIT);
  await expect(output(page)).toContainText('Python 3 42');
  await expect(stderr(page)).toHaveText(/auf stderr/);
  expect(requested.some((url) => url.endsWith('/runner/pyodide/pyodide.asm.wasm'))).toBe(true);
  const network = requested.filter((url) => /^(https?|wss?):/.test(url));
  expect(network.filter((url) => !url.startsWith(baseURL!))).toEqual([]);
});

test('SQL runs on PostgreSQL in the browser and shows the rows', async ({ page }) => {
  test.setTimeout(240_000);
  await openProject(page, 'sql', [
    {
      filename: 'query.sql',
      content:
        "CREATE TABLE planeten (name text, monde int);\nINSERT INTO planeten VALUES ('Erde', 1), ('Mars', 2);\nSELECT name, monde FROM planeten ORDER BY monde DESC;\n",
    },
  ]);
  await page.getByLabel('Zeitlimit (s)').fill('20');
  await run(page);
  await expect(page.getByText(/^Fertig nach \d+ ms\.$/)).toBeVisible(ENGINE_WAIT);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['name', 'monde']);
  await expect(table.getByRole('row')).toHaveText(['namemonde', 'Mars2', 'Erde1']);
  await expect(table).toContainText('2 Zeilen');
});

test('HTML is previewed in a sandbox with the project’s style sheet and script', async ({
  page,
}) => {
  await openProject(page, 'html', [
    {
      filename: 'index.html',
      content:
        '<!doctype html>\n<html>\n<head><link rel="stylesheet" href="style.css"></head>\n<body>\n<h1>Hallo Vorschau</h1>\n<script src="app.js"></script>\n</body>\n</html>\n',
    },
    { filename: 'style.css', content: 'h1 { color: rgb(200, 0, 0); }\n' },
    {
      filename: 'app.js',
      content:
        "document.body.insertAdjacentHTML('beforeend', '<p>Skript lief</p>');\nconsole.log('aus der Vorschau');\n",
    },
  ]);
  await run(page);
  await finished(page);
  const preview = page
    .frameLocator('iframe[title="Vorschau von index.html"]')
    .frameLocator('iframe');
  await expect(preview.getByRole('heading', { name: 'Hallo Vorschau' })).toHaveCSS(
    'color',
    'rgb(200, 0, 0)',
  );
  await expect(preview.getByText('Skript lief')).toBeVisible();
  await expect(output(page)).toContainText('aus der Vorschau');
  await expect(page.locator('iframe[title="Vorschau von index.html"]')).toHaveAttribute(
    'sandbox',
    'allow-scripts',
  );
});

test('an endless loop is stopped by the time limit and the page stays usable', async ({ page }) => {
  await openProject(page, 'javascript', [
    { filename: 'index.js', content: "console.log('vor der Schleife');\nwhile (true) {}\n" },
  ]);
  await page.getByLabel('Zeitlimit (s)').fill('2');
  await run(page);
  await expect(page.getByText('Gestoppt: Das Zeitlimit von 2 s wurde erreicht.')).toBeVisible();
  await expect(output(page)).toContainText('vor der Schleife');
  // The page answers at once and the next run gets a fresh sandbox.
  await expect(page.getByRole('button', { name: 'Stoppen' })).toBeDisabled();
  expect(await page.evaluate(() => 6 * 7)).toBe(42);
  // A fresh sandbox runs the next time; Stop ends it before its (now long) limit.
  await page.getByLabel('Zeitlimit (s)').fill('60');
  await page.getByRole('button', { name: 'Ausführen' }).focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('button', { name: 'Stoppen' })).toBeEnabled();
  await expect(output(page)).toContainText('vor der Schleife');
  await page.getByRole('button', { name: 'Stoppen' }).click();
  await expect(page.getByText('Gestoppt.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stoppen' })).toBeDisabled();
});

test.describe('the sandbox', () => {
  // Chromium reports the blocked request of the sandbox as a console error: that is the point.
  test.use({ expectedConsoleError: /Content Security Policy|Failed to fetch/ });

  test('gets nothing of the app: no cookie, storage, parent document or API', async ({
    page,
    context,
    baseURL,
  }) => {
    // A cookie and storage entries the app's own scripts could read.
    await context.addCookies([
      { name: 'orbit_probe', value: 'keks-geheim', url: baseURL!, httpOnly: false },
    ]);
    await page.evaluate(() => localStorage.setItem('orbit_probe', 'speicher-geheim'));
    const session = (await context.cookies()).find((cookie) => cookie.name === 'orbit_session');
    expect(session?.value).toBeTruthy();
    const probes = (where: string) => `
      const probe = async (name, read) => {
        try { console.log('${where}', name, 'read:', String(await read())); }
        catch (error) { console.log('${where}', name, 'blocked:', error.name); }
      };
      await probe('cookie', () => document.cookie);
      await probe('localStorage', () => localStorage.getItem('orbit_probe'));
      await probe('parent', () => parent.document.cookie);
      await probe('fetch', async () => {
        const response = await fetch('${baseURL}/api/user', { credentials: 'include' });
        return response.status + ' ' + (await response.text());
      });
      console.log('${where}', 'done');
    `;

    await openProject(page, 'javascript', [{ filename: 'index.js', content: probes('worker') }]);
    await run(page);
    await finished(page);
    await expect(output(page)).toContainText('worker done');
    const workerText = (await output(page).textContent()) ?? '';

    await openProject(page, 'html', [
      {
        filename: 'index.html',
        content: `<!doctype html><html><body><h1>Sonde</h1><script>(async () => {${probes('preview')}})();</script></body></html>`,
      },
    ]);
    await run(page);
    await finished(page);
    await expect(output(page)).toContainText('preview done');
    const text = workerText + ((await output(page).textContent()) ?? '');

    for (const where of ['worker', 'preview']) {
      for (const name of ['cookie', 'localStorage', 'parent', 'fetch']) {
        expect(text).toContain(`${where} ${name} blocked:`);
      }
    }
    expect(text).not.toContain(session!.value);
    expect(text).not.toContain('keks-geheim');
    expect(text).not.toContain('speicher-geheim');
  });

  test('the runner page has its own CSP: opaque origin, no API, wasm only there', async ({
    page,
    baseURL,
  }) => {
    const runner = await page.request.get('/runner/index.html');
    const csp = runner.headers()['content-security-policy']!;
    expect(csp).toMatch(/^sandbox allow-scripts;/);
    expect(csp).toContain(`connect-src ${baseURL}/runner/;`);
    expect(csp).toContain("'wasm-unsafe-eval'");
    const app = await page.request.get('/chat');
    expect(app.headers()['content-security-policy']).not.toContain('wasm-unsafe-eval');
    expect(app.headers()['content-security-policy']).not.toContain('sandbox');
  });
});
