import { widgetCss } from './widget-style.ts';
import type { WidgetStrings } from './widget-strings.ts';
import type { WidgetMessage } from './widget-conversation.ts';

export interface WidgetBrand {
  name: string;
  accent: string;
  logo: string | null;
}
export interface WidgetHandlers {
  send: (text: string) => void;
  retry: (id: string) => void;
}

const CHAT_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 2-2z"/></svg>';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string | number | boolean> = {},
  ...children: (Node | string)[]
) {
  const node: HTMLElementTagNameMap[K] = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** The styles without an inline <style> where the browser allows: a page's CSP may forbid those. */
function adoptStyles(root: ShadowRoot, css: string) {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  } else {
    root.append(element('style', { textContent: css }));
  }
}

/**
 * The launcher and the chat panel, in a closed shadow root on their own host element: the page
 * can neither style nor script into them. Message text is only ever set as text, never as HTML.
 */
export function mountWidgetView(brand: WidgetBrand, t: WidgetStrings, handlers: WidgetHandlers) {
  const host = element('div', { id: 'orbit-chat-widget' });
  const root = host.attachShadow({ mode: 'closed' });
  adoptStyles(root, widgetCss(brand.accent));

  const launcher = element('button', { type: 'button', className: 'launcher' });
  launcher.innerHTML = CHAT_ICON;
  const close = element('button', { type: 'button', className: 'close', textContent: '×' });
  close.setAttribute('aria-label', t.close);
  const title = element('h2', { textContent: brand.name });
  const header = element('header', {}, title, close);
  if (brand.logo) header.prepend(element('img', { src: brand.logo, alt: '' }));
  const list = element('ol');
  list.setAttribute('aria-label', t.messages);
  list.setAttribute('aria-live', 'polite');
  const status = element('p', { className: 'status' });
  status.setAttribute('role', 'status');
  const input = element('textarea', { maxLength: 4000, rows: 1 });
  input.setAttribute('aria-label', t.input);
  input.placeholder = t.input;
  const form = element(
    'form',
    {},
    input,
    element('button', { type: 'submit', className: 'send', textContent: t.send }),
  );
  const panel = element(
    'section',
    { className: 'panel', hidden: true },
    header,
    list,
    status,
    form,
  );
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', brand.name);
  root.append(panel, launcher);

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    launcher.setAttribute('aria-label', open ? t.close : t.open);
    if (open) input.focus();
  };
  setOpen(false);
  launcher.addEventListener('click', () => setOpen(panel.hidden));
  close.addEventListener('click', () => setOpen(false));

  const submit = () => {
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    handlers.send(text);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });

  function messageItem(message: WidgetMessage) {
    const item = element('li', { className: `${message.from} ${message.state}` }, message.content);
    if (message.state === 'sending')
      item.append(element('span', { className: 'meta', textContent: t.sending }));
    if (message.state === 'failed') {
      const retry = element('button', { type: 'button', className: 'retry', textContent: t.retry });
      retry.addEventListener('click', () => handlers.retry(message.id));
      item.append(element('span', { className: 'meta', textContent: t.sendFailed }), retry);
    }
    return item;
  }

  document.body.append(host);
  return {
    render(messages: readonly WidgetMessage[]) {
      list.replaceChildren(
        ...(messages.length
          ? messages.map(messageItem)
          : [element('li', { className: 'empty', textContent: t.empty })]),
      );
      list.scrollTop = list.scrollHeight;
    },
    /** A problem the visitor should know of (the stream's state, a refused message); null clears. */
    setStatus(text: string | null) {
      status.textContent = text ?? '';
    },
  };
}
