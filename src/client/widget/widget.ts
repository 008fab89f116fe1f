import {
  accentColour,
  anonymousIdentityKey,
  isIdentity,
  mergeHistory,
  parseConversation,
  parseIdentity,
  readEmbedOptions,
  reconnectDelay,
  serializeConversation,
  storageKey,
  upsertMessage,
  type EmbedOptions,
  type HistoryMessage,
  type VisitorIdentity,
  type WidgetMessage,
} from './widget-conversation.ts';
import { errorFor, pickLanguage, WIDGET_STRINGS } from './widget-strings.ts';
import { mountWidgetView } from './widget-view.ts';

/**
 * The website chat widget (issue 14 item 2, decision 285), served as /widget.js and embedded by a
 * brand with `<script src=".../widget.js" data-channel data-visitor data-signature async>`
 * (the visitor pair may be left out where the brand allows anonymous visitors: decision 287). It
 * talks to the server it came from without cookies: the brand's config, the visitor's messages
 * (POST), the conversation so far and the replies live (Server-Sent Events). Built on its own by
 * scripts/build-widget.ts.
 */

interface WidgetConfigAnswer {
  brandName: string;
  primaryColor: string | null;
  logo: string | null;
  anonymousVisitors: boolean;
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

function safeStorage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null; // Storage blocked (a sandboxed frame, strict privacy settings): keep it in memory.
  }
}

/**
 * The visitor this page names, or else (where the brand allows it) the anonymous one this
 * browser was given before, or a new one from the server; null when there is none to be had.
 */
async function visitorIdentity(
  options: EmbedOptions,
  api: string,
  config: WidgetConfigAnswer,
): Promise<VisitorIdentity | null> {
  if (options.identity) return options.identity;
  if (!config.anonymousVisitors) return null;
  const storage = safeStorage('localStorage');
  const key = anonymousIdentityKey(options.channelId);
  const kept = parseIdentity(storage?.getItem(key) ?? null);
  if (kept) return kept;
  const response = await fetch(`${api}/visitors`, { method: 'POST', credentials: 'omit' }).catch(
    () => null,
  );
  const issued: unknown = response?.ok ? await response.json().catch(() => null) : null;
  if (!isIdentity(issued)) return null;
  storage?.setItem(key, JSON.stringify(issued));
  return issued;
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
  const identity = await visitorIdentity(options, api, config);
  if (!identity) {
    console.warn('Orbit chat widget: data-visitor and data-signature are required on this channel');
    return;
  }

  const storage = safeStorage('sessionStorage');
  const key = storageKey(options.channelId, identity.visitor);
  let messages = parseConversation(storage?.getItem(key) ?? null);
  const show = (next: WidgetMessage[]) => {
    messages = next;
    storage?.setItem(key, serializeConversation(messages));
    view.render(messages);
  };
  const update = (message: WidgetMessage) => show(upsertMessage(messages, message));
  const query = new URLSearchParams({ ...identity });

  // The server's record: on a new page, and after a reconnect for the replies missed meanwhile.
  async function catchUp() {
    const answer = await fetch(`${api}/messages?${query}`, { credentials: 'omit' }).catch(
      () => null,
    );
    if (!answer?.ok) return;
    const history = (await answer.json()) as { items: HistoryMessage[] };
    show(mergeHistory(messages, history.items));
  }

  async function deliver(message: WidgetMessage) {
    update({ ...message, state: 'sending' });
    const sent = await fetch(`${api}/messages`, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...identity,
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
  let attempt = 0;
  const listen = () => {
    const source = new EventSource(`${api}/stream?${query}`);
    source.addEventListener('open', () => {
      attempt = 0;
      view.setStatus(null);
      void catchUp();
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
  console.warn('Orbit chat widget: data-channel is required, data-visitor with data-signature');
}
