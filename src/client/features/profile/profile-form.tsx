import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '#client/components/ui/text-field.tsx';
import { showToast } from '#client/components/ui/toast-store.ts';
import { HttpError } from '#client/lib/http.ts';
import { notifySuccess } from '#client/lib/notify.ts';
import { useUpdateProfile } from '#client/features/profile/api/update-profile.ts';
import {
  DISPLAY_NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  UpdateProfileSchema,
  type Account,
  type UpdateProfileInput,
} from '#shared/auth/auth-schemas.ts';

type Field = 'displayName' | 'email' | 'currentPassword' | 'newPassword' | 'confirmPassword';
type FieldErrors = Partial<Record<Field, string>>;

/** Only what changed goes to the server; the current password only where it is asked for. */
function changesOf(account: Account, values: Record<Field, string>): UpdateProfileInput {
  const patch: UpdateProfileInput = {};
  if (values.displayName.trim() !== (account.displayName ?? '')) {
    patch.displayName = values.displayName;
  }
  if (values.email.trim() !== (account.email ?? '')) patch.email = values.email;
  if (values.newPassword) patch.newPassword = values.newPassword;
  if (patch.email !== undefined || patch.newPassword !== undefined) {
    patch.currentPassword = values.currentPassword;
  }
  return patch;
}

/**
 * Edits display name, email and password (PATCH /api/user). A new email or password asks for
 * the current password, as the server does; the toasts are spec 01-core §8's profile texts.
 */
export function ProfileForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const [values, setValues] = useState<Record<Field, string>>({
    displayName: account.displayName ?? '',
    email: account.email ?? '',
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const patch = changesOf(account, values);
  const changed = Object.keys(patch).length > 0;
  const needsCurrentPassword = patch.currentPassword !== undefined;

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    const parsed = UpdateProfileSchema.safeParse(patch);
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0] as Field;
      if (found[field]) continue;
      found[field] = {
        displayName: t('form.errors.displayName', { max: DISPLAY_NAME_MAX }),
        email: t('form.errors.email'),
        currentPassword: t('form.errors.currentPasswordRequired'),
        newPassword: t('form.errors.newPassword', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
        confirmPassword: '',
      }[field];
    }
    if (needsCurrentPassword && !values.currentPassword) {
      found.currentPassword = t('form.errors.currentPasswordRequired');
    }
    if (values.newPassword !== values.confirmPassword) {
      found.confirmPassword = t('form.errors.confirmPassword');
    }
    return found;
  }

  /** The server's refusal, in the interface language where we know it by status and field. */
  function refusal(error: Error): { text: string; fields: FieldErrors } {
    if (!(error instanceof HttpError)) return { text: error.message, fields: {} };
    const details = (error.details ?? {}) as Record<string, unknown>;
    if (error.status === 400 && 'currentPassword' in details) {
      const text = t('form.errors.currentPasswordWrong');
      return { text, fields: { currentPassword: text } };
    }
    if (error.status === 409 && 'email' in details) {
      const text = t('form.errors.emailTaken');
      return { text, fields: { email: text } };
    }
    if (error.status === 429) return { text: t('form.errors.tooManyAttempts'), fields: {} };
    return { text: error.message, fields: {} };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !changed) return;
    update.mutate(patch, {
      onSuccess: () => {
        notifySuccess(t('toast.successText'), t('toast.successTitle'));
        onDone();
      },
      onError: (error) => {
        const { text, fields } = refusal(error);
        setErrors(fields);
        showToast({ title: t('toast.failureTitle'), description: text, variant: 'destructive' });
      },
    });
  }

  const field = (name: Field, type: string, autoComplete: string) => (
    <TextField
      label={t(`form.${name}`)}
      type={type}
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={set(name)}
      error={errors[name] || undefined}
    />
  );

  return (
    <form className="card flex flex-col gap-4" onSubmit={submit} noValidate>
      {field('displayName', 'text', 'nickname')}
      {field('email', 'email', 'email')}
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold">{t('form.passwordHeading')}</legend>
        {field('newPassword', 'password', 'new-password')}
        {values.newPassword ? field('confirmPassword', 'password', 'new-password') : null}
      </fieldset>
      {needsCurrentPassword ? (
        <>
          <p className="text-sm text-muted">{t('form.currentPasswordHint')}</p>
          {field('currentPassword', 'password', 'current-password')}
        </>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={!changed || update.isPending}>
          {update.isPending ? t('form.saving') : t('form.save')}
        </button>
        <button type="button" className="btn-outline" onClick={onDone}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
