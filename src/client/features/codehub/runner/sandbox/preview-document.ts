/**
 * The HTML a preview shows: the main file with the project's own style sheets and scripts
 * inlined (the preview has no URL to load them from) and a small script first that relays
 * console output, uncaught errors and the end of loading to the runner.
 */
const CONSOLE_RELAY = `<script>(() => {
  const send = (stream, args) => {
    const text = args.map((a) => { try { return typeof a === 'string' ? a : JSON.stringify(a); } catch { return String(a); } }).join(' ') + '\\n';
    parent.postMessage({ type: 'output', runId: 'preview', stream, text }, '*');
  };
  for (const name of ['log', 'info', 'debug']) console[name] = (...args) => send('stdout', args);
  for (const name of ['warn', 'error']) console[name] = (...args) => send('stderr', args);
  addEventListener('error', (event) => send('stderr', ['Uncaught ' + event.message]));
  // Sent from here, after the page's own output, rather than by the frame's load event in the
  // runner: messages of one window arrive in order, a load event may overtake them.
  addEventListener('load', () => parent.postMessage({ type: 'finished', runId: 'preview', ok: true }, '*'));
})();</script>`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function previewDocument(mainFile: string, files: { filename: string; content: string }[]) {
  let html = files.find((file) => file.filename === mainFile)?.content ?? '';
  for (const file of files) {
    const name = escapeRegExp(file.filename.replace(/^\.\//, ''));
    // `</` inside inlined code would end the element early.
    const body = file.content.replace(/<\/(script|style)/gi, '<\\/$1');
    if (file.filename.endsWith('.css')) {
      const link = new RegExp(`<link\\b[^>]*href=["'](?:\\./)?${name}["'][^>]*>`, 'gi');
      html = html.replace(link, () => `<style>\n${body}\n</style>`);
    } else if (/\.m?js$/.test(file.filename)) {
      const script = new RegExp(
        `<script\\b([^>]*?)\\ssrc=["'](?:\\./)?${name}["']([^>]*)>\\s*</script>`,
        'gi',
      );
      html = html.replace(
        script,
        (_m, before: string, after: string) => `<script${before}${after}>\n${body}\n</script>`,
      );
    }
  }
  const head =
    /<head\b[^>]*>/i.exec(html) ?? /<html\b[^>]*>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  if (!head) return CONSOLE_RELAY + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + CONSOLE_RELAY + html.slice(at);
}
