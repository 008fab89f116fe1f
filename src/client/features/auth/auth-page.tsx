import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin, useRegister } from '#client/features/auth/api/auth-mutations.ts';
import { useUser } from '#client/lib/api/get-user.ts';
import { toFieldErrors, type FieldErrors } from '#client/features/auth/field-errors.ts';
import { TextField } from '#client/features/auth/text-field.tsx';
import { LoginSchema, RegisterSchema } from '#shared/auth/auth-schemas.ts';

/** A text field's value from submitted form data ('' when absent). */
function fieldText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * Both forms' submit: the form's values checked in the browser (`check`: the data to send, or the
 * field errors to show), then the request, and the start page once it succeeded.
 */
function useAuthSubmit<T>(
  mutation: { mutate: (data: T, options: { onSuccess: () => void }) => void },
  check: (form: FormData) => { data: T } | { errors: FieldErrors },
) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = check(new FormData(event.currentTarget));
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    mutation.mutate(checked.data, { onSuccess: () => void navigate('/') });
  };
  return { errors, onSubmit };
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
  const login = useLogin();
  const { errors, onSubmit } = useAuthSubmit(login, (form) => {
    const values = {
      username: fieldText(form, 'username'),
      password: fieldText(form, 'password'),
      rememberMe: form.get('rememberMe') === 'on',
    };
    const parsed = LoginSchema.safeParse(values);
    return parsed.success
      ? { data: parsed.data }
      : { errors: toFieldErrors(parsed.error, t, values) };
  });

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

function RegisterForm() {
  const { t } = useTranslation('auth');
  const register = useRegister();
  const { errors, onSubmit } = useAuthSubmit(register, (form) => {
    const value = (name: string) => fieldText(form, name);
    const values = {
      username: value('username'),
      displayName: value('displayName'),
      email: value('email'),
      password: value('password'),
    };
    const parsed = RegisterSchema.safeParse(values);
    const errors = parsed.success ? {} : toFieldErrors(parsed.error, t, values);
    if (value('password') !== value('passwordRepeat')) {
      errors.passwordRepeat = t('validation.passwordMismatch');
    }
    return parsed.success && !errors.passwordRepeat ? { data: parsed.data } : { errors };
  });

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
    </AuthForm>
  );
}

/** /auth: login, or registration with ?mode=register (spec 01-core §2 "Auth screen"). */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const { user } = useUser();
  const isRegister = params.get('mode') === 'register';

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
        {isRegister ? <RegisterForm key="register" /> : <LoginForm key="login" />}
      </div>
    </div>
  );
}
