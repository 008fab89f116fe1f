import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '#client/lib/http.ts';
import {
  CHANNEL_SECRETS,
  CHANNEL_TYPES,
  type Channel,
  type ChannelConfig,
  type ChannelType,
  type SecretName,
} from '#shared/omnichannel/channel-schemas.ts';
import { useDeleteChannel, useSaveChannel } from './api/omnichannel.ts';
import { WidgetSnippet } from './widget-snippet.tsx';

type ConfigName = keyof ChannelConfig;
type ConfigText = Partial<Record<ConfigName, string>>;

/** What each kind of channel needs to send replies (its provider's base URL first). */
const CONFIG_FIELDS: Record<ChannelType, ConfigName[]> = {
  api: ['replyWebhookUrl'],
  widget: ['anonymousVisitors'],
  whatsapp: ['apiBaseUrl', 'phoneNumberId'],
  telegram: ['apiBaseUrl'],
  sms: ['apiBaseUrl', 'accountSid'],
  email: ['fromAddress', 'smtpHost', 'smtpPort', 'smtpUser', 'smtpSecure'],
};
const URL_FIELDS = new Set<ConfigName>(['apiBaseUrl', 'replyWebhookUrl']);
const BOOLEAN_FIELDS = new Set<ConfigName>(['smtpSecure', 'anonymousVisitors']);

function configText(config: ChannelConfig): ConfigText {
  return Object.fromEntries(Object.entries(config).map(([name, value]) => [name, String(value)]));
}

/** The filled-in fields of the type, typed as the server expects them. */
function toConfig(type: ChannelType, text: ConfigText): ChannelConfig {
  const config: Record<string, string | number | boolean> = {};
  for (const name of CONFIG_FIELDS[type]) {
    const value = text[name]?.trim();
    if (!value) continue;
    config[name] =
      name === 'smtpPort' ? Number(value) : BOOLEAN_FIELDS.has(name) ? value === 'true' : value;
  }
  return config;
}

/**
 * A new channel (no `channel`) or an existing one. Secrets are write-only: a field shows whether
 * the secret is set, and only what is typed is sent.
 */
export function ChannelEditor({ brandId, channel }: { brandId: string; channel?: Channel }) {
  const { t } = useTranslation('omnichannel');
  const [type, setType] = useState<ChannelType>(channel?.channelType ?? 'api');
  const [identifier, setIdentifier] = useState(channel?.channelIdentifier ?? '');
  const [config, setConfig] = useState<ConfigText>(() => configText(channel?.config ?? {}));
  const [secrets, setSecrets] = useState<Partial<Record<SecretName, string>>>({});
  const save = useSaveChannel(brandId);
  const remove = useDeleteChannel(brandId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = Object.fromEntries(Object.entries(secrets).filter(([, value]) => value));
    const saved = await save
      .mutateAsync(
        channel
          ? {
              channelId: channel.channelId,
              input: {
                channelIdentifier: identifier,
                config: toConfig(type, config),
                secrets: typed,
              },
            }
          : {
              input: {
                channelType: type,
                channelIdentifier: identifier,
                config: toConfig(type, config),
                secrets: typed,
                isActive: true,
              },
            },
      )
      .catch(() => null);
    if (saved) {
      setSecrets({});
      if (!channel) {
        setIdentifier('');
        setConfig({});
      }
    }
  }

  const webhookUrl = channel ? `${window.location.origin}${channel.webhookPath}` : null;
  const error =
    save.error instanceof HttpError ? save.error.message : save.error ? t('saveFailed') : null;
  return (
    <form
      className="grid gap-2 rounded border border-border p-3"
      aria-label={channel ? t('channelLabel', { type: t(`types.${type}`) }) : t('newChannel')}
      onSubmit={(event) => void submit(event)}
    >
      {channel ? (
        <p className="font-semibold">{t(`types.${type}`)}</p>
      ) : (
        <label className="flex flex-col gap-1 text-sm">
          {t('fields.channelType')}
          <select
            className="field-input"
            value={type}
            onChange={(event) => setType(event.target.value as ChannelType)}
          >
            {CHANNEL_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`types.${value}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {webhookUrl ? (
        <label className="flex flex-col gap-1 text-sm">
          {t('webhookUrl')}
          <input className="field-input font-mono text-xs" readOnly value={webhookUrl} />
        </label>
      ) : null}
      {channel && type === 'widget' ? (
        <WidgetSnippet
          channelId={channel.channelId}
          anonymous={channel.config.anonymousVisitors === true}
        />
      ) : null}
      <label className="flex flex-col gap-1 text-sm">
        {t('fields.channelIdentifier')}
        <input
          className="field-input"
          required
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
        />
      </label>
      {CONFIG_FIELDS[type].map((name) =>
        BOOLEAN_FIELDS.has(name) ? (
          <label key={name} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={config[name] === 'true'}
              onChange={(event) =>
                setConfig((current) => ({ ...current, [name]: String(event.target.checked) }))
              }
            />
            {t(`fields.${name}`)}
          </label>
        ) : (
          <label key={name} className="flex flex-col gap-1 text-sm">
            {t(`fields.${name}`)}
            <input
              className="field-input"
              type={name === 'smtpPort' ? 'number' : URL_FIELDS.has(name) ? 'url' : 'text'}
              value={config[name] ?? ''}
              onChange={(event) =>
                setConfig((current) => ({ ...current, [name]: event.target.value }))
              }
            />
          </label>
        ),
      )}
      {CHANNEL_SECRETS[type].map((name) => (
        <label key={name} className="flex flex-col gap-1 text-sm">
          {t(`secrets.${name}`)}
          <input
            className="field-input"
            type="password"
            autoComplete="off"
            placeholder={channel?.secretsConfigured[name] ? t('secretSet') : t('secretNotSet')}
            value={secrets[name] ?? ''}
            onChange={(event) =>
              setSecrets((current) => ({ ...current, [name]: event.target.value }))
            }
          />
        </label>
      ))}
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {channel ? t('saveChannel') : t('addChannel')}
        </button>
        {channel ? (
          <button
            type="button"
            className="btn-outline"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(t('confirmDeleteChannel'))) remove.mutate(channel.channelId);
            }}
          >
            {t('deleteChannel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
