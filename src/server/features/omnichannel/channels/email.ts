import { providerIdOf } from '../message-ids.ts';
import { DeliveryError, required, type ChannelAdapter } from './channel-adapter.ts';

function replySubject(subject: unknown) {
  const text = typeof subject === 'string' && subject.trim() ? subject.trim() : '';
  if (!text) return 'Re:';
  return /^re:/i.test(text) ? text : `Re: ${text}`;
}

/**
 * Email by SMTP (nodemailer) from the channel's server, threaded under the customer's mail:
 * In-Reply-To its Message-ID, References its references plus that id, subject "Re: …". The
 * reply's own Message-ID is derived from its row, the same on every attempt.
 */
export const emailAdapter: ChannelAdapter = {
  async send({ message, parent, channelIdentifier, config, secrets }) {
    const host = required(config.smtpHost, 'SMTP host');
    const from = config.fromAddress ?? channelIdentifier;
    const domain = from.split('@')[1] ?? 'orbit.invalid';
    // The customer's Message-ID (`<id@host>`), from either form of the stored key.
    const inReplyTo = parent?.channelType === 'email' ? providerIdOf(parent) : null;
    const earlier =
      typeof parent?.metadata.references === 'string' ? parent.metadata.references.trim() : '';
    const references = [earlier, inReplyTo].filter(Boolean).join(' ');
    // Loaded on the first email sent: most servers never send one.
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport({
      host,
      port: config.smtpPort ?? 587,
      secure: config.smtpSecure ?? false,
      ...(config.smtpUser
        ? { auth: { user: config.smtpUser, pass: required(secrets.smtpPassword, 'SMTP password') } }
        : {}),
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    try {
      const info = await transport.sendMail({
        from,
        to: message.senderIdentifier,
        subject: replySubject(parent?.metadata.subject),
        text: message.content,
        messageId: `<${message.messageId.split(':').at(-1)}@${domain}>`,
        ...(inReplyTo ? { inReplyTo, references } : {}),
      });
      return { providerMessageId: info.messageId };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx: the server refused for good (a bad address, refused auth); else try again later.
      throw new DeliveryError(
        `SMTP: ${(error as Error).message}`,
        typeof code === 'number' && code >= 500,
      );
    } finally {
      transport.close();
    }
  },
};
