import type { PubSub } from '#server/realtime/pubsub.ts';
import type { ChannelType } from '#shared/omnichannel/channel-schemas.ts';
import { brandWebhookAdapter } from './brand-webhook.ts';
import type { ChannelAdapter } from './channel-adapter.ts';
import { emailAdapter } from './email.ts';
import { telegramAdapter } from './telegram.ts';
import { twilioAdapter } from './twilio.ts';
import { whatsappAdapter } from './whatsapp.ts';
import { createWidgetAdapter } from './widget.ts';

/** The adapter that sends replies for each kind of channel. */
export function createChannelAdapters(pubsub: PubSub): Record<ChannelType, ChannelAdapter> {
  return {
    api: brandWebhookAdapter,
    widget: createWidgetAdapter(pubsub),
    whatsapp: whatsappAdapter,
    telegram: telegramAdapter,
    sms: twilioAdapter,
    email: emailAdapter,
  };
}
