import {
  baseUrl,
  callProvider,
  DeliveryError,
  field,
  required,
  type ChannelAdapter,
} from './channel-adapter.ts';

/** WhatsApp's customer service window: free-form replies only this long after the customer wrote. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60_000;

interface TemplateRef {
  name: string;
  language: string;
}

/**
 * WhatsApp Cloud API: `POST {base}/{phone_number_id}/messages` with the access token (the
 * channel's `authToken`) as bearer. Inside the 24-hour window a text; outside it only a template,
 * and a reply written without one fails at once.
 */
export const whatsappAdapter: ChannelAdapter = {
  async send({ message, config, secrets, lastInboundAt, now, signal }) {
    const phoneNumberId = required(config.phoneNumberId, 'phone number id');
    const token = required(secrets.authToken, 'access token (authToken)');
    const inWindow =
      lastInboundAt !== null && now.getTime() - lastInboundAt.getTime() < WHATSAPP_WINDOW_MS;
    const template = (message.metadata.template ?? null) as TemplateRef | null;
    if (!inWindow && !template) {
      throw new DeliveryError(
        "Outside WhatsApp's 24-hour customer service window only a template may be sent",
        true,
      );
    }
    const body = inWindow
      ? {
          messaging_product: 'whatsapp',
          to: message.senderIdentifier,
          type: 'text',
          text: { body: message.content },
        }
      : {
          messaging_product: 'whatsapp',
          to: message.senderIdentifier,
          type: 'template',
          template: { name: template!.name, language: { code: template!.language } },
        };
    const answer = await callProvider(
      `${baseUrl(config, 'https://graph.facebook.com/v21.0')}/${encodeURIComponent(phoneNumberId)}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      },
      'WhatsApp',
    );
    return { providerMessageId: field(answer, 'messages', 0, 'id') };
  },
};
