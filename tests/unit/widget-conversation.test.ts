import { describe, expect, it } from 'vitest';
import {
  accentColour,
  KEPT_MESSAGES,
  mergeHistory,
  parseConversation,
  parseIdentity,
  readEmbedOptions,
  reconnectDelay,
  serializeConversation,
  upsertMessage,
  type WidgetMessage,
} from '#client/widget/widget-conversation.ts';
import { errorFor, pickLanguage, WIDGET_STRINGS } from '#client/widget/widget-strings.ts';

/** The website chat widget's pure parts (src/client/widget/), without a browser. */
const CHANNEL = '0b7e4f2c-9d1a-4c3e-8f5a-2b6d7e8f9a0b';
const SIGNATURE = 'a'.repeat(64);
const SRC = 'https://orbit.example/widget.js';

const msg = (id: string, extra: Partial<WidgetMessage> = {}): WidgetMessage => ({
  id,
  from: 'visitor',
  content: `text ${id}`,
  at: '2026-11-26T10:00:00.000Z',
  state: 'sent',
  ...extra,
});

describe('the embed snippet', () => {
  it('reads channel, visitor, signature and name, and the API origin from the script URL', () => {
    expect(
      readEmbedOptions(SRC, {
        channel: CHANNEL.toUpperCase(),
        visitor: 'customer-7',
        signature: SIGNATURE,
        name: '  Mira ',
      }),
    ).toEqual({
      apiOrigin: 'https://orbit.example',
      channelId: CHANNEL,
      identity: { visitor: 'customer-7', signature: SIGNATURE },
      name: 'Mira',
    });
  });

  it('names no visitor when the page leaves out both visitor and signature', () => {
    expect(readEmbedOptions(SRC, { channel: CHANNEL })).toEqual({
      apiOrigin: 'https://orbit.example',
      channelId: CHANNEL,
      identity: null,
      name: null,
    });
  });

  it('renders nothing when an attribute is missing or malformed', () => {
    const good = { channel: CHANNEL, visitor: 'v', signature: SIGNATURE };
    expect(readEmbedOptions(SRC, { ...good, channel: 'acme' })).toBeNull();
    expect(readEmbedOptions(SRC, { ...good, visitor: undefined })).toBeNull();
    expect(readEmbedOptions(SRC, { ...good, signature: undefined })).toBeNull();
    expect(readEmbedOptions(SRC, { ...good, visitor: '' })).toBeNull();
    expect(readEmbedOptions(SRC, { ...good, visitor: 'x'.repeat(321) })).toBeNull();
    expect(readEmbedOptions(SRC, { ...good, signature: 'ABC' })).toBeNull();
    expect(readEmbedOptions('not a url', good)).toBeNull();
    expect(readEmbedOptions(SRC, good)?.name).toBeNull();
  });
});

describe('the visitor’s language', () => {
  it('is the first browser language the widget speaks, by its primary subtag', () => {
    expect(pickLanguage(['fr-FR', 'ko-KR', 'en'])).toBe('ko');
    expect(pickLanguage(['zh-Hans-CN'])).toBe('zh');
    expect(pickLanguage(['sq_AL'])).toBe('sq');
    expect(pickLanguage(['MK'])).toBe('mk');
  });

  it('falls back to German', () => {
    expect(pickLanguage(['fr', 'es'])).toBe('de');
    expect(pickLanguage([])).toBe('de');
  });

  it('has every label in all six languages, none empty', () => {
    const keys = Object.keys(WIDGET_STRINGS.de).sort();
    for (const [language, strings] of Object.entries(WIDGET_STRINGS)) {
      expect(Object.keys(strings).sort(), language).toEqual(keys);
      for (const value of Object.values(strings)) expect(value.trim(), language).not.toBe('');
    }
  });

  it('explains a refused request by its status', () => {
    expect(errorFor(401)).toBe('badVisitor');
    expect(errorFor(404)).toBe('unavailable');
    expect(errorFor(429)).toBe('tooMany');
    expect(errorFor(0)).toBe('sendFailed');
    expect(errorFor(500)).toBe('sendFailed');
  });
});

describe('the kept conversation', () => {
  it('survives a round trip through storage; a message caught mid-send comes back as failed', () => {
    const messages = [msg('1'), msg('2', { from: 'brand' }), msg('3', { state: 'sending' })];
    expect(parseConversation(serializeConversation(messages))).toEqual([
      msg('1'),
      msg('2', { from: 'brand' }),
      msg('3', { state: 'failed' }),
    ]);
  });

  it('ignores what is not a conversation', () => {
    expect(parseConversation(null)).toEqual([]);
    expect(parseConversation('{not json')).toEqual([]);
    expect(parseConversation('{"a":1}')).toEqual([]);
    expect(parseConversation(JSON.stringify([msg('1'), { id: 2 }, null]))).toEqual([msg('1')]);
  });

  it('shows a reply heard twice once, and replaces a message by id', () => {
    const reply = msg('r1', { from: 'brand' });
    const once = upsertMessage([msg('1')], reply);
    expect(upsertMessage(once, reply)).toEqual(once);
    expect(upsertMessage(once, msg('1', { state: 'failed' }))[0]!.state).toBe('failed');
  });

  it(`keeps the last ${KEPT_MESSAGES} messages`, () => {
    let messages: WidgetMessage[] = [];
    for (let i = 0; i < KEPT_MESSAGES + 5; i++) messages = upsertMessage(messages, msg(String(i)));
    expect(messages).toHaveLength(KEPT_MESSAGES);
    expect(messages[0]!.id).toBe('5');
  });
});

describe('pacing and colour', () => {
  it('reconnects after 1 s, doubling, at most every 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('takes the brand’s colour only as #rrggbb', () => {
    expect(accentColour('#0F766E')).toBe('#0F766E');
    expect(accentColour('red; background: url(x)')).toBe('#2563eb');
    expect(accentColour(null)).toBe('#2563eb');
  });
});

describe('an anonymous visitor kept for the next visit', () => {
  it('is read back only when it is a visitor with a signature', () => {
    const kept = { visitor: 'visitor-1', signature: SIGNATURE };
    expect(parseIdentity(JSON.stringify(kept))).toEqual(kept);
    expect(parseIdentity(JSON.stringify({ visitor: 'visitor-1' }))).toBeNull();
    expect(parseIdentity(JSON.stringify({ ...kept, signature: 'nope' }))).toBeNull();
    expect(parseIdentity('{not json')).toBeNull();
    expect(parseIdentity(null)).toBeNull();
  });
});

describe('the conversation caught up from the server', () => {
  const record = (id: string, from: 'visitor' | 'brand', createdAt: string) => ({
    id,
    from,
    content: `text ${id}`,
    createdAt,
  });

  it('shows the replies sent while the stream was down, in the server’s order', () => {
    const local = [msg('q1')];
    const merged = mergeHistory(local, [
      record('q1', 'visitor', '2026-11-26T10:00:00.000Z'),
      record('r1', 'brand', '2026-11-26T10:01:00.000Z'),
    ]);
    expect(merged.map((m) => [m.id, m.from, m.state])).toEqual([
      ['q1', 'visitor', 'sent'],
      ['r1', 'brand', 'sent'],
    ]);
  });

  it('keeps the visitor’s messages still sending or failed, and a reply heard live since', () => {
    const local = [
      msg('old', { state: 'sent', at: '2026-11-26T09:00:00.000Z' }),
      msg('failed', { state: 'failed' }),
      msg('live', { from: 'brand', at: '2026-11-26T10:02:00.000Z' }),
      msg('stale-reply', { from: 'brand', at: '2026-11-26T09:30:00.000Z' }),
    ];
    const merged = mergeHistory(local, [record('r1', 'brand', '2026-11-26T10:01:00.000Z')]);
    expect(merged.map((m) => m.id)).toEqual(['r1', 'failed', 'live']);
  });
});
