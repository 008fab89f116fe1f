import {
  accentColour,
  parseConversation,
  readEmbedOptions,
  reconnectDelay,
  serializeConversation,
  storageKey,
  upsertMessage,
  type EmbedOptions,
  type WidgetMessage,
} from './widget-conversation.ts';
import { errorFor, pickLanguage, WIDGET_STRINGS } from './widget-strings.ts';
import { mountWidgetView } from './widget-view.ts';

/**
 * The website chat widget (issue 14 item 2, decision 285), served as /widget.js and embedded by a
 * brand with `<script src=".../widget.js" data-channel data-visitor data-signature async>`. It
 * talks to the server it came from without cookies: the brand's config, the visitor's messages
 * (POST) and their replies live (Server-Sent Events). Built on its own by scripts/build-widget.ts.
 */

interface WidgetConfigAnswer {
  brandName: string;
  primaryColor: string | null;
  logo: string | null;
}
interface ReplyEvent {
  messageId: string;
  content: string;
  createdAt: string;
}

const script =
  document.currentScript instanceof HTMLScriptElement
    ? document.currentScript
    : document.querySelector<HTMLScriptElement>('script[src*="widget.js"][data-channel]');

function safeStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // Storage blocked (a sandboxed frame, strict privacy settings): keep it in memory.
  }
}

/** http(s) only: a brand's logo must not become a javascript: or data: source. */
function logoUrl(logo: string | null) {
  try {
    return logo && /^https?:$/.test(new URL(logo).protocol) ? logo : null;
  } catch {
    return null;
  }
}

async function start(options: EmbedOptions) {
  const t = WIDGET_STRINGS[pickLanguage(navigator.languages ?? [navigator.language])];
  const api = `${options.apiOrigin}/api/omnichannel/widget/${options.channelId}`;
  const response = await fetch(`${api}/config`, { credentials: 'omit' }).catch(() => null);
  if (!response?.ok) {
    console.warn('Orbit chat widget: the channel is unknown or inactive', response?.status);
    return;
  }
  const config = (await response.json()) as WidgetConfigAnswer;

  const storage = safeStorage();
  const key = storageKey(options);
  let messages = parseConversation(storage?.getItem(key) ?? null);
  const update = (message: WidgetMessage) => {
    messages = upsertMessage(messages, message);
    storage?.setItem(key, serializeConversation(messages));
    view.render(messages);
  };

  async function deliver(message: WidgetMessage) {
    update({ ...message, state: 'sending' });
    const sent = await fetch(`${api}/messages`, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        visitor: options.visitor,
        signature: options.signature,
        clientMessageId: message.id,
        content: message.content,
        senderName: options.name,
      }),
    }).catch(() => null);
    update({ ...message, state: sent?.ok ? 'sent' : 'failed' });
    view.setStatus(sent?.ok ? null : t[errorFor(sent?.status ?? 0)]);
  }

  const view = mountWidgetView(
    {
      name: config.brandName,
      accent: accentColour(config.primaryColor),
      logo: logoUrl(config.logo),
    },
    t,
    {
      send: (content) =>
        void deliver({
          id: crypto.randomUUID(),
          from: 'visitor',
          content,
          at: new Date().toISOString(),
          state: 'sending',
        }),
      retry: (id) => {
        const message = messages.find((item) => item.id === id);
        if (message) void deliver(message);
      },
    },
  );
  view.render(messages);

  // The replies, live. EventSource retries a dropped connection by itself; a refusal (401, 404)
  // closes it, and then it is opened again here, more and more slowly.
  const query = new URLSearchParams({ visitor: options.visitor, signature: options.signature });
  let attempt = 0;
  const listen = () => {
    const source = new EventSource(`${api}/stream?${query}`);
    source.addEventListener('open', () => {
      attempt = 0;
      view.setStatus(null);
    });
    source.addEventListener('reply', (event) => {
      const reply = JSON.parse((event as MessageEvent<string>).data) as ReplyEvent;
      update({
        id: reply.messageId,
        from: 'brand',
        content: reply.content,
        at: reply.createdAt,
        state: 'sent',
      });
    });
    source.addEventListener('error', () => {
      view.setStatus(t.reconnecting);
      if (source.readyState !== EventSource.CLOSED) return;
      setTimeout(listen, reconnectDelay(attempt++));
    });
  };
  listen();
}

const options = script ? readEmbedOptions(script.src, { ...script.dataset }) : null;
if (options) {
  void start(options);
} else {
  console.warn('Orbit chat widget: data-channel, data-visitor and data-signature are required');
}
