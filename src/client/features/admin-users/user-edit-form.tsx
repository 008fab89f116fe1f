import { useTranslation } from 'react-i18next';
import type { FormEvent } from 'react';
import type { AdminUserDetail, AdminUserPatch } from '#shared/admin/admin-users-schemas.ts';
import { useUserChange } from './api/user-mutations.ts';

const TIERS = ['free', 'premium', 'expert', 'ultimate'] as const;
type Tier = (typeof TIERS)[number];

/** Tier and expiry, monthly allowance and the admin flag; only what was changed is sent. */
export function UserEditForm({ user }: { user: AdminUserDetail['user'] }) {
  const { t } = useTranslation('adminUsers');
  const change = useUserChange(user.id);
  const storedTier = (TIERS as readonly string[]).includes(user.subscriptionTier)
    ? user.subscriptionTier
    : 'free';
  const expiryDay = user.subscriptionExpiry?.slice(0, 10) ?? '';

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const entry = form.get(name);
      return typeof entry === 'string' ? entry.trim() : '';
    };
    const patch: AdminUserPatch = {};
    if (text('tier') !== storedTier) patch.subscriptionTier = text('tier') as Tier;
    if (text('expiry') !== expiryDay) {
      // The end of the chosen day, UTC; empty means it does not lapse.
      patch.subscriptionExpiry = text('expiry') ? `${text('expiry')}T23:59:59.000Z` : null;
    }
    const quota = Number(text('quota'));
    if (quota !== user.monthlyQuota) patch.monthlyQuota = quota;
    const isAdmin = form.get('isAdmin') === 'on';
    if (isAdmin !== user.isAdmin) patch.isAdmin = isAdmin;
    if (Object.keys(patch).length === 0) return;
    if (text('reason')) patch.reason = text('reason');
    change.mutate({ kind: 'update', patch });
  }

  return (
    <form className="card flex flex-col gap-3" onSubmit={save} aria-labelledby="user-edit-title">
      <h2 id="user-edit-title" className="font-semibold">
        {t('edit.title')}
      </h2>
      <label className="flex flex-col gap-1 text-sm">
        {t('column.tier')}
        <select name="tier" className="field-input" defaultValue={storedTier}>
          {TIERS.map((tier) => (
            <option key={tier} value={tier}>
              {t(`tier.${tier}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {t('field.expiry')}
        <input name="expiry" type="date" className="field-input" defaultValue={expiryDay} />
        <span className="text-xs text-muted">{t('edit.expiryHint')}</span>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {t('edit.monthlyQuota')}
        <input
          name="quota"
          type="number"
          min={0}
          max={1_000_000}
          required
          className="field-input"
          defaultValue={user.monthlyQuota}
        />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input name="isAdmin" type="checkbox" defaultChecked={user.isAdmin} />
        {t('edit.isAdmin')}
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {t('edit.reason')}
        <input name="reason" className="field-input" maxLength={500} />
      </label>
      <button type="submit" className="btn-primary self-start" disabled={change.isPending}>
        {t('edit.save')}
      </button>
    </form>
  );
}
