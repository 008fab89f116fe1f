import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin, useRegister } from '#client/features/auth/api/auth-mutations.ts';
import { showToast } from '#client/components/ui/toast-store.ts';
import { applyReferralCode, referralErrorKey } from '#client/lib/api/apply-referral.ts';
import { useAppConfig } from '#client/lib/api/get-app-config.ts';
import { useUser } from '#client/lib/api/get-user.ts';
import { i18n } from '#client/lib/i18n.ts';
import { notifySuccess } from '#client/lib/notify.ts';
import { toFieldErrors, type FieldErrors } from '#client/features/auth/field-errors.ts';
import { TextField } from '#client/components/ui/text-field.tsx';
import { LoginSchema, RegisterSchema } from '#shared/auth/auth-schemas.ts';

/** A text field's value from submitted form data ('' when absent). */
function fieldText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

interface AuthFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isPending: boolean;
  /** The auth namespace's section: login or register (submit labels, link to the other form). */
  mode: 'login' | 'register';
  children: ReactNode;
}

/** What both forms share: layout, the submit button while pending, the link to the other form. */
function AuthForm({ onSubmit, isPending, mode, children }: AuthFormProps) {
  const { t } = useTranslation('auth');
  const other =
    mode === 'login'
      ? { text: t('login.noAccount'), to: '/auth?mode=register', label: t('login.toRegister') }
      : { text: t('register.haveAccount'), to: '/auth', label: t('register.toLogin') };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby="auth-title"
    >
      {children}
      <button type="submit" className="btn-primary" disabled={isPending}>
        {isPending ? t(`${mode}.submitting`) : t(`${mode}.submit`)}
      </button>
      <p className="text-center text-sm text-muted">
        {other.text}{' '}
        <Link to={other.to} className="font-medium text-accent hover:underline">
          {other.label}
        </Link>
      </p>
    </form>
  );
}

function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const login = useLogin();
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      username: fieldText(form, 'username'),
      password: fieldText(form, 'password'),
      rememberMe: form.get('rememberMe') === 'on',
    };
    const parsed = LoginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error, t, values));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, { onSuccess: () => void navigate('/') });
  };

  return (
    <AuthForm onSubmit={onSubmit} isPending={login.isPending} mode="login">
      <TextField
        label={t('fields.username')}
        name="username"
        autoComplete="username"
        error={errors.username}
        required
      />
      <TextField
        label={t('fields.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        required
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="rememberMe" className="size-4 accent-[var(--accent-strong)]" />
        {t('fields.rememberMe')}
      </label>
    </AuthForm>
  );
}

/** A friend's code from a share link is applied once the account exists (decision 111). */
async function applyFriendCode(code: string) {
  const t = i18n.t.bind(i18n);
  try {
    const { bonusMessages } = await applyReferralCode(code);
    notifySuccess(t('referral:apply.success', { n: bonusMessages }));
  } catch (error) {
    showToast({
      title: t('referral:errors.title'),
      description: t(`referral:${referralErrorKey(error)}`),
      variant: 'destructive',
    });
  }
}

function RegisterForm({ referralCode }: { referralCode: string }) {
  const { t } = useTranslation(['auth', 'referral']);
  const navigate = useNavigate();
  const register = useRegister();
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => fieldText(form, name);
    const values = {
      username: value('username'),
      displayName: value('displayName'),
      email: value('email'),
      password: value('password'),
    };
    const parsed = RegisterSchema.safeParse(values);
    const next = parsed.success ? {} : toFieldErrors(parsed.error, t, values);
    if (value('password') !== value('passwordRepeat')) {
      next.passwordRepeat = t('validation.passwordMismatch');
    }
    setErrors(next);
    if (!parsed.success || next.passwordRepeat) return;
    const friendCode = value('referralCode').trim();
    register.mutate(parsed.data, {
      onSuccess: () => {
        const applied = friendCode ? applyFriendCode(friendCode) : Promise.resolve();
        void applied.then(() => navigate('/'));
      },
    });
  };

  return (
    <AuthForm onSubmit={onSubmit} isPending={register.isPending} mode="register">
      <TextField
        label={t('fields.username')}
        name="username"
        autoComplete="username"
        error={errors.username}
        hint={t('hints.username')}
        required
      />
      <TextField
        label={t('fields.displayNameOptional')}
        name="displayName"
        autoComplete="nickname"
        error={errors.displayName}
      />
      <TextField
        label={t('fields.emailOptional')}
        name="email"
        type="email"
        autoComplete="email"
        error={errors.email}
      />
      <TextField
        label={t('fields.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        hint={t('hints.password')}
        required
      />
      <TextField
        label={t('fields.passwordRepeat')}
        name="passwordRepeat"
        type="password"
        autoComplete="new-password"
        error={errors.passwordRepeat}
        required
      />
      <TextField
        label={t('fields.referralCodeOptional')}
        name="referralCode"
        autoComplete="off"
        defaultValue={referralCode}
      />
    </AuthForm>
  );
}

/** Instead of the form while an administrator has closed registration (POST would be 403). */
function RegistrationClosed() {
  const { t } = useTranslation('app-status');
  const { t: tAuth } = useTranslation('auth');
  return (
    <div role="note" className="flex flex-col gap-4">
      <p className="rounded-lg bg-surface-2 px-3 py-2">
        <strong>{t('registrationClosed.title')}</strong> {t('registrationClosed.text')}
      </p>
      <p className="text-sm">
        {tAuth('register.haveAccount')}{' '}
        <Link to="/auth" className="text-accent underline">
          {tAuth('register.toLogin')}
        </Link>
      </p>
    </div>
  );
}

/** /auth: login, or registration with ?mode=register (spec 01-core §2 "Auth screen"). */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const { user } = useUser();
  // A share link (/auth?ref=CODE) is for someone new: it opens the registration with the code.
  const referralCode = params.get('ref') ?? '';
  const mode = params.get('mode');
  const isRegister = mode === 'register' || (referralCode !== '' && mode !== 'login');
  const config = useAppConfig();

  return (
    <div className="flex min-h-full items-start justify-center px-4 py-10 md:items-center">
      <div className="card w-full max-w-md">
        <h1 id="auth-title" className="mb-1 text-2xl font-bold">
          {isRegister ? t('register.title') : t('login.title')}
        </h1>
        <p className="mb-6 text-muted">
          {isRegister ? t('register.subtitle') : t('login.subtitle')}
        </p>
        {user ? (
          <p className="mb-4 rounded-lg bg-surface-2 px-3 py-2 text-sm" role="note">
            {t('alreadySignedIn', { name: user.displayName || user.username })}
          </p>
        ) : null}
        {!isRegister ? (
          <LoginForm key="login" />
        ) : config?.registrationOpen === false ? (
          <RegistrationClosed />
        ) : (
          <RegisterForm key="register" referralCode={referralCode} />
        )}
      </div>
    </div>
  );
}
