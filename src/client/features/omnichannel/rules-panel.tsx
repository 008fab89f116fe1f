import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '#client/lib/http.ts';
import { CHANNEL_TYPES, type ChannelType } from '#shared/omnichannel/channel-schemas.ts';
import {
  ACL_EFFECTS,
  ACL_POLICY_TYPES,
  ESCALATION_RULE_TYPES,
  ESCALATION_TYPES,
  type AclEffect,
  type EscalationConditions,
  type EscalationRuleInput,
  type EscalationRuleType,
} from '#shared/omnichannel/rules-schemas.ts';
import type { Sentiment, Urgency } from '#shared/omnichannel/triage-schemas.ts';
import { aclPolicies, escalationRules } from './api/omnichannel-rules.ts';

/** 'a, b ,c' → ['a', 'b', 'c']. */
const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function errorText(error: unknown, fallback: string) {
  return error instanceof HttpError ? error.message : error ? fallback : null;
}

function AclPolicies({ brandId }: { brandId: string }) {
  const { t } = useTranslation('omnichannelRules');
  const policies = aclPolicies.useList(brandId);
  const save = aclPolicies.useSave(brandId);
  const remove = aclPolicies.useDelete(brandId);
  const [name, setName] = useState('');
  const [policyType, setPolicyType] = useState<(typeof ACL_POLICY_TYPES)[number]>('autopilot');
  const [effect, setEffect] = useState<AclEffect>('deny');
  const [channels, setChannels] = useState<ChannelType[]>([]);
  const [intents, setIntents] = useState('');
  const [priority, setPriority] = useState(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await save
      .mutateAsync({
        input: {
          name,
          policyType,
          effect,
          priority,
          isActive: true,
          conditions: {
            ...(channels.length ? { channelTypes: channels } : {}),
            ...(list(intents).length ? { intents: list(intents) } : {}),
          },
        },
      })
      .catch(() => null);
    if (saved) {
      setName('');
      setChannels([]);
      setIntents('');
    }
  }

  const error = errorText(save.error, t('saveFailed'));
  return (
    <section className="grid gap-3" aria-labelledby="omnichannel-acl">
      <h3 id="omnichannel-acl" className="font-semibold">
        {t('acl.title')}
      </h3>
      <p className="text-sm text-muted">{t('acl.intro')}</p>
      <ul className="grid gap-1">
        {(policies.data ?? []).map((policy) => (
          <li
            key={policy.id}
            className="flex flex-wrap items-center gap-2 rounded border border-border p-2"
          >
            <span className="font-medium">{policy.name}</span>
            <span className="text-sm text-muted">
              {t(`acl.types.${policy.policyType}`)} · {t(`acl.effects.${policy.effect}`)} ·{' '}
              {t('priority')} {policy.priority}
              {policy.conditions.channelTypes?.length
                ? ` · ${policy.conditions.channelTypes.join(', ')}`
                : ''}
              {policy.conditions.intents?.length
                ? ` · ${policy.conditions.intents.join(', ')}`
                : ''}
            </span>
            <label className="ml-auto flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={policy.isActive}
                onChange={(event) =>
                  save.mutate({ id: policy.id, input: { isActive: event.target.checked } })
                }
              />
              {t('active')}
            </label>
            <button
              type="button"
              className="btn-outline"
              onClick={() => {
                if (window.confirm(t('confirmDelete'))) remove.mutate(policy.id);
              }}
            >
              {t('delete')}
            </button>
          </li>
        ))}
      </ul>
      <form
        className="grid gap-2 rounded border border-border p-3 md:grid-cols-2"
        aria-label={t('acl.new')}
        onSubmit={(event) => void submit(event)}
      >
        <label className="flex flex-col gap-1 text-sm">
          {t('name')}
          <input
            className="field-input"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('acl.policyType')}
          <select
            className="field-input"
            value={policyType}
            onChange={(e) => setPolicyType(e.target.value as typeof policyType)}
          >
            {ACL_POLICY_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`acl.types.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('acl.effect')}
          <select
            className="field-input"
            value={effect}
            onChange={(e) => setEffect(e.target.value as AclEffect)}
          >
            {ACL_EFFECTS.map((value) => (
              <option key={value} value={value}>
                {t(`acl.effects.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('priority')}
          <input
            className="field-input"
            type="number"
            value={priority}
            onChange={(e) => setPriority(Number(e.target.value))}
          />
        </label>
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
        <label className="flex flex-col gap-1 text-sm md:col-span-2">
          {t('intents')}
          <input
            className="field-input"
            value={intents}
            onChange={(e) => setIntents(e.target.value)}
          />
        </label>
        {error ? (
          <p role="alert" className="text-danger md:col-span-2">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary justify-self-start" disabled={save.isPending}>
          {t('acl.add')}
        </button>
      </form>
    </section>
  );
}

/** The trigger of a rule type from the one text field (and the two numbers of repeated contact). */
function conditionsFor(
  type: EscalationRuleType,
  values: string,
  contactCount: number,
  windowHours: number,
): EscalationConditions {
  switch (type) {
    case 'keyword':
      return { keywords: list(values) };
    case 'intent':
      return { intents: list(values) };
    case 'urgency':
      return { urgencies: list(values) as Urgency[] };
    case 'sentiment':
      return { sentiments: list(values) as Sentiment[] };
    case 'repeated_contact':
      return { contactCount, windowHours };
    default:
      return {};
  }
}

const NEEDS_VALUES = new Set<EscalationRuleType>(['keyword', 'intent', 'urgency', 'sentiment']);

function EscalationRules({ brandId }: { brandId: string }) {
  const { t } = useTranslation('omnichannelRules');
  const rules = escalationRules.useList(brandId);
  const save = escalationRules.useSave(brandId);
  const remove = escalationRules.useDelete(brandId);
  const [name, setName] = useState('');
  const [ruleType, setRuleType] = useState<EscalationRuleType>('keyword');
  const [values, setValues] = useState('');
  const [contactCount, setContactCount] = useState(3);
  const [windowHours, setWindowHours] = useState(24);
  const [escalateTo, setEscalateTo] = useState('');
  const [escalationType, setEscalationType] =
    useState<EscalationRuleInput['escalationType']>('notify');
  const [autoEscalate, setAutoEscalate] = useState(true);
  const [delay, setDelay] = useState(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await save
      .mutateAsync({
        input: {
          name,
          ruleType,
          triggerConditions: conditionsFor(ruleType, values, contactCount, windowHours),
          escalateTo: escalateTo ? Number(escalateTo) : null,
          escalationType,
          autoEscalate,
          escalationDelay: delay,
          priority: 0,
          isActive: true,
        },
      })
      .catch(() => null);
    if (saved) {
      setName('');
      setValues('');
    }
  }

  const error = errorText(save.error, t('saveFailed'));
  return (
    <section className="grid gap-3" aria-labelledby="omnichannel-escalation">
      <h3 id="omnichannel-escalation" className="font-semibold">
        {t('escalation.title')}
      </h3>
      <p className="text-sm text-muted">{t('escalation.intro')}</p>
      <ul className="grid gap-1">
        {(rules.data ?? []).map((rule) => (
          <li
            key={rule.id}
            className="flex flex-wrap items-center gap-2 rounded border border-border p-2"
          >
            <span className="font-medium">{rule.name}</span>
            <span className="text-sm text-muted">
              {t(`escalation.types.${rule.ruleType}`)} ·{' '}
              {rule.autoEscalate
                ? rule.escalationDelay > 0
                  ? t('escalation.after', { minutes: rule.escalationDelay })
                  : t('escalation.immediately')
                : t('escalation.handOver')}{' '}
              · {t(`escalation.actions.${rule.escalationType}`)}
              {rule.escalateTo !== null ? ` → #${rule.escalateTo}` : ''}
            </span>
            <label className="ml-auto flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={rule.isActive}
                onChange={(event) =>
                  save.mutate({ id: rule.id, input: { isActive: event.target.checked } })
                }
              />
              {t('active')}
            </label>
            <button
              type="button"
              className="btn-outline"
              onClick={() => {
                if (window.confirm(t('confirmDelete'))) remove.mutate(rule.id);
              }}
            >
              {t('delete')}
            </button>
          </li>
        ))}
      </ul>
      <form
        className="grid gap-2 rounded border border-border p-3 md:grid-cols-2"
        aria-label={t('escalation.new')}
        onSubmit={(event) => void submit(event)}
      >
        <label className="flex flex-col gap-1 text-sm">
          {t('name')}
          <input
            className="field-input"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('escalation.ruleType')}
          <select
            className="field-input"
            value={ruleType}
            onChange={(e) => setRuleType(e.target.value as EscalationRuleType)}
          >
            {ESCALATION_RULE_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`escalation.types.${value}`)}
              </option>
            ))}
          </select>
        </label>
        {NEEDS_VALUES.has(ruleType) ? (
          <label className="flex flex-col gap-1 text-sm md:col-span-2">
            {t(`escalation.values.${ruleType}`)}
            <input
              className="field-input"
              required
              value={values}
              onChange={(e) => setValues(e.target.value)}
            />
          </label>
        ) : null}
        {ruleType === 'repeated_contact' ? (
          <>
            <label className="flex flex-col gap-1 text-sm">
              {t('escalation.contactCount')}
              <input
                className="field-input"
                type="number"
                min={2}
                value={contactCount}
                onChange={(e) => setContactCount(Number(e.target.value))}
              />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {t('escalation.windowHours')}
              <input
                className="field-input"
                type="number"
                min={1}
                value={windowHours}
                onChange={(e) => setWindowHours(Number(e.target.value))}
              />
            </label>
          </>
        ) : null}
        <label className="flex flex-col gap-1 text-sm">
          {t('escalation.escalateTo')}
          <input
            className="field-input"
            type="number"
            min={1}
            value={escalateTo}
            onChange={(e) => setEscalateTo(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('escalation.action')}
          <select
            className="field-input"
            value={escalationType}
            onChange={(e) => setEscalationType(e.target.value as typeof escalationType)}
          >
            {ESCALATION_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`escalation.actions.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={autoEscalate}
            onChange={(e) => setAutoEscalate(e.target.checked)}
          />
          {t('escalation.autoEscalate')}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('escalation.delay')}
          <input
            className="field-input"
            type="number"
            min={0}
            value={delay}
            onChange={(e) => setDelay(Number(e.target.value))}
          />
        </label>
        {error ? (
          <p role="alert" className="text-danger md:col-span-2">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary justify-self-start" disabled={save.isPending}>
          {t('escalation.add')}
        </button>
      </form>
    </section>
  );
}

/** A brand's ACL policies and escalation rules (issue 14 item 5). */
export function RulesPanel({ brandId }: { brandId: string }) {
  return (
    <div className="grid gap-6">
      <AclPolicies brandId={brandId} />
      <EscalationRules brandId={brandId} />
    </div>
  );
}
