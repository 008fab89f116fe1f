import { baseUrl, callProvider, field, required, type ChannelAdapter } from './channel-adapter.ts';

/** Telegram Bot API: `POST {base}/bot{token}/sendMessage` to the chat the customer wrote from. */
export const telegramAdapter: ChannelAdapter = {
  async send({ message, config, secrets, signal }) {
    const token = required(secrets.botToken, 'bot token');
    const answer = await callProvider(
      `${baseUrl(config, 'https://api.telegram.org')}/bot${token}/sendMessage`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: message.senderIdentifier, text: message.content }),
        signal,
      },
      'Telegram',
    );
    return { providerMessageId: field(answer, 'result', 'message_id') };
  },
};
