import { describe, expect, it } from 'vitest';
import { renderPage } from '#server/features/website-builder/page-screenshot.ts';
import { CHROMIUM_PATH } from '#tests/support/chromium.ts';

const render = (html: string, limitMs?: number) =>
  renderPage(html, {
    chromiumPath: CHROMIUM_PATH,
    signal: new AbortController().signal,
    ...(limitMs ? { limitMs } : {}),
  });

describe('rendering a generated page', () => {
  it('gives up on a page whose script never yields, and the next page renders as usual', async () => {
    const stuck = await render(
      '<!DOCTYPE html><html><body><script>while (true) {}</script></body></html>',
      2_000,
    );
    expect(stuck).toMatchObject({ png: undefined, findings: ['unresponsive'] });

    const fine = await render(
      '<!DOCTYPE html><html><body style="font: 18px sans-serif"><h1>Fine</h1></body></html>',
    );
    expect(fine.findings).toEqual([]);
    expect(fine.png?.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses every request the page makes and reports a blank page', async () => {
    const result = await render(
      `<!DOCTYPE html><html><body><img src="https://img.example.com/a.png" alt="">
<script>fetch('https://api.example.com/track').catch(() => {});</script></body></html>`,
    );
    expect(result.blockedRequests).toBeGreaterThanOrEqual(2);
    expect(result.findings).toContain('blank');
  });
});
