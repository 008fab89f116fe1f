import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ESCALATION_RULE_TYPES,
  ESCALATION_TYPES,
  type EscalationConditions,
  type EscalationRule,
  type EscalationRuleInput,
  type EscalationRuleType,
} from '#shared/omnichannel/rules-schemas.ts';
import type { Sentiment, Urgency } from '#shared/omnichannel/triage-schemas.ts';
import { escalationRules } from './api/omnichannel-rules.ts';
import { CollectionSection } from './collection-section.tsx';
import { commaList } from './comma-list.ts';
import { InputField, SelectField } from './form-fields.tsx';

/** The trigger of a rule type from the one text field (and the two numbers of repeated contact). */
function conditionsFor(
  type: EscalationRuleType,
  values: string,
  contactCount: number,
  windowHours: number,
): EscalationConditions {
  switch (type) {
    case 'keyword':
      return { keywords: commaList(values) };
    case 'intent':
      return { intents: commaList(values) };
    case 'urgency':
      return { urgencies: commaList(values) as Urgency[] };
    case 'sentiment':
      return { sentiments: commaList(values) as Sentiment[] };
    case 'repeated_contact':
      return { contactCount, windowHours };
    default:
      return {};
  }
}

const NEEDS_VALUES = new Set<EscalationRuleType>(['keyword', 'intent', 'urgency', 'sentiment']);

/** A brand's escalation rules: which messages go to a person, when, and to whom. */
export function EscalationRulesSection({ brandId }: { brandId: string }) {
  const { t } = useTranslation('omnichannelRules');
  const [ruleType, setRuleType] = useState<EscalationRuleType>('keyword');
  const [values, setValues] = useState('');
  const [contactCount, setContactCount] = useState(3);
  const [windowHours, setWindowHours] = useState(24);
  const [escalateTo, setEscalateTo] = useState('');
  const [escalationType, setEscalationType] =
    useState<EscalationRuleInput['escalationType']>('notify');
  const [autoEscalate, setAutoEscalate] = useState(true);
  const [delay, setDelay] = useState(0);

  const summary = (rule: EscalationRule) => (
    <>
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
    </>
  );

  return (
    <CollectionSection
      kind="escalation"
      brandId={brandId}
      collection={escalationRules}
      summary={summary}
      nameLabel={t('name')}
      newInput={(name) => ({
        name,
        ruleType,
        triggerConditions: conditionsFor(ruleType, values, contactCount, windowHours),
        escalateTo: escalateTo ? Number(escalateTo) : null,
        escalationType,
        autoEscalate,
        escalationDelay: delay,
        priority: 0,
        isActive: true,
      })}
      onSaved={() => {
        setValues('');
      }}
    >
      <SelectField
        label={t('escalation.ruleType')}
        value={ruleType}
        options={ESCALATION_RULE_TYPES}
        optionLabel={(value) => t(`escalation.types.${value}`)}
        onChange={setRuleType}
      />
      {NEEDS_VALUES.has(ruleType) ? (
        <InputField
          label={t(`escalation.values.${ruleType}`)}
          wide
          required
          value={values}
          onChange={(e) => setValues(e.target.value)}
        />
      ) : null}
      {ruleType === 'repeated_contact' ? (
        <>
          <InputField
            label={t('escalation.contactCount')}
            type="number"
            min={2}
            value={contactCount}
            onChange={(e) => setContactCount(Number(e.target.value))}
          />
          <InputField
            label={t('escalation.windowHours')}
            type="number"
            min={1}
            value={windowHours}
            onChange={(e) => setWindowHours(Number(e.target.value))}
          />
        </>
      ) : null}
      <InputField
        label={t('escalation.escalateTo')}
        type="number"
        min={1}
        value={escalateTo}
        onChange={(e) => setEscalateTo(e.target.value)}
      />
      <SelectField
        label={t('escalation.action')}
        value={escalationType}
        options={ESCALATION_TYPES}
        optionLabel={(value) => t(`escalation.actions.${value}`)}
        onChange={setEscalationType}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={autoEscalate}
          onChange={(e) => setAutoEscalate(e.target.checked)}
        />
        {t('escalation.autoEscalate')}
      </label>
      <InputField
        label={t('escalation.delay')}
        type="number"
        min={0}
        value={delay}
        onChange={(e) => setDelay(Number(e.target.value))}
      />
    </CollectionSection>
  );
}
