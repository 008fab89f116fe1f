import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_TYPES, type ChannelType } from '#shared/omnichannel/channel-schemas.ts';
import {
  ACL_EFFECTS,
  ACL_POLICY_TYPES,
  type AclEffect,
  type AclPolicy,
} from '#shared/omnichannel/rules-schemas.ts';
import { aclPolicies } from './api/omnichannel-rules.ts';
import { CollectionSection } from './collection-section.tsx';
import { commaList } from './comma-list.ts';
import { InputField, SelectField } from './form-fields.tsx';

/** A brand's ACL policies: what the AI may not do (or only may do) on which channels and intents. */
export function AclPoliciesSection({ brandId }: { brandId: string }) {
  const { t } = useTranslation('omnichannelRules');
  const [policyType, setPolicyType] = useState<(typeof ACL_POLICY_TYPES)[number]>('autopilot');
  const [effect, setEffect] = useState<AclEffect>('deny');
  const [channels, setChannels] = useState<ChannelType[]>([]);
  const [intents, setIntents] = useState('');
  const [priority, setPriority] = useState(0);

  const summary = (policy: AclPolicy) => (
    <>
      <span className="font-medium">{policy.name}</span>
      <span className="text-sm text-muted">
        {t(`acl.types.${policy.policyType}`)} · {t(`acl.effects.${policy.effect}`)} ·{' '}
        {t('priority')} {policy.priority}
        {policy.conditions.channelTypes?.length
          ? ` · ${policy.conditions.channelTypes.join(', ')}`
          : ''}
        {policy.conditions.intents?.length ? ` · ${policy.conditions.intents.join(', ')}` : ''}
      </span>
    </>
  );

  return (
    <CollectionSection
      kind="acl"
      brandId={brandId}
      collection={aclPolicies}
      summary={summary}
      nameLabel={t('name')}
      newInput={(name) => ({
        name,
        policyType,
        effect,
        priority,
        isActive: true,
        conditions: {
          ...(channels.length ? { channelTypes: channels } : {}),
          ...(commaList(intents).length ? { intents: commaList(intents) } : {}),
        },
      })}
      onSaved={() => {
        setChannels([]);
        setIntents('');
      }}
    >
      <SelectField
        label={t('acl.policyType')}
        value={policyType}
        options={ACL_POLICY_TYPES}
        optionLabel={(value) => t(`acl.types.${value}`)}
        onChange={setPolicyType}
      />
      <SelectField
        label={t('acl.effect')}
        value={effect}
        options={ACL_EFFECTS}
        optionLabel={(value) => t(`acl.effects.${value}`)}
        onChange={setEffect}
      />
      <InputField
        label={t('priority')}
        type="number"
        value={priority}
        onChange={(e) => setPriority(Number(e.target.value))}
      />
      <fieldset className="flex flex-wrap gap-2 text-sm md:col-span-2">
        <legend>{t('acl.channels')}</legend>
        {CHANNEL_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={channels.includes(type)}
              onChange={(e) =>
                setChannels((current) =>
                  e.target.checked ? [...current, type] : current.filter((c) => c !== type),
                )
              }
            />
            {type}
          </label>
        ))}
      </fieldset>
      <InputField
        label={t('intents')}
        wide
        value={intents}
        onChange={(e) => setIntents(e.target.value)}
      />
    </CollectionSection>
  );
}
