import { baseUrl, callProvider, field, required, type ChannelAdapter } from './channel-adapter.ts';

/**
 * Twilio Messages API: `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, form-encoded,
 * basic auth with the account sid and auth token, from the channel's number.
 */
export const twilioAdapter: ChannelAdapter = {
  async send({ message, channelIdentifier, config, secrets, signal }) {
    const sid = required(config.accountSid, 'Twilio account sid');
    const token = required(secrets.authToken, 'auth token');
    const answer = await callProvider(
      `${baseUrl(config, 'https://api.twilio.com')}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          To: message.senderIdentifier,
          From: channelIdentifier,
          Body: message.content,
        }).toString(),
        signal,
      },
      'Twilio',
    );
    return { providerMessageId: field(answer, 'sid') };
  },
};
