import type { TFunction } from 'i18next';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SegmentedControl } from '@/components/ui/segmented-control/segmented-control';
import { TextField } from '@/components/ui/text-field/text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { ApiError } from '@/lib/api-client';
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH } from '@/lib/validation';
import { GOOGLE_SIGN_IN_URL, useGoogleSignInOffered } from '../api/google-sign-in';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import type { User } from '../types/user';
import { GoogleIcon } from './google-icon';
import './login-form.css';
import { FormMessage } from '@/components/ui/form-message/form-message';

export type LoginMode = 'login' | 'register';

type Field = 'firstName' | 'lastName' | 'email' | 'password';
type Values = Record<Field, string>;

const MODES: readonly LoginMode[] = ['login', 'register'];
const EMPTY: Values = { firstName: '', lastName: '', email: '', password: '' };

interface LoginFormProps {
  initialMode?: LoginMode;
  onSuccess(user: User): void;
  onModeChange?(mode: LoginMode): void;
}

interface FormError {
  message: string;
  field?: Field;
}

type Translate = TFunction;

function validate(mode: LoginMode, values: Values, t: Translate): FormError | null {
  if (mode === 'register' && (!values.firstName.trim() || !values.lastName.trim())) {
    return { message: t('auth.validation.namesRequired'), field: values.firstName.trim() ? 'lastName' : 'firstName' };
  }
  if (!values.email.trim()) return { message: t('auth.validation.emailRequired'), field: 'email' };
  if (!EMAIL_PATTERN.test(values.email.trim())) return { message: t('auth.validation.emailInvalid'), field: 'email' };
  if (!values.password) return { message: t('auth.validation.passwordRequired'), field: 'password' };
  if (mode === 'register' && values.password.length < PASSWORD_MIN_LENGTH) {
    return { message: t('auth.validation.passwordTooShort'), field: 'password' };
  }
  return null;
}

/**
 * A failed login always reads the same (it must not tell which of e-mail or password was wrong).
 * A failed registration says why when the reason is one the user can act on.
 */
function registerFailureMessage(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) return t('auth.registerFailed');
  if (error.code === 'EMAIL_TAKEN') return t('auth.emailTaken');
  if (error.status === 429) return t('auth.tooManyAttempts');
  if (error.status === 400 && error.hasServerMessage) return error.message;
  return t('auth.registerFailed');
}

export function LoginForm({ initialMode = 'login', onSuccess, onModeChange }: LoginFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const login = useLogin();
  const register = useRegister();
  const idPrefix = useId();
  const googleOffered = useGoogleSignInOffered();
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<FormError | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const isRegister = mode === 'register';
  const fieldId = (field: Field) => `${idPrefix}-${field}`;

  const switchMode = (next: LoginMode) => {
    if (next === mode) return;
    setMode(next);
    setValues(EMPTY);
    setError(null);
    onModeChange?.(next);
  };

  const update = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const invalid = validate(mode, values, t);
    setError(invalid);
    if (invalid) {
      document.getElementById(fieldId(invalid.field ?? 'email'))?.focus();
      return;
    }

    setSubmitting(true);
    try {
      const email = values.email.trim();
      const { user } = isRegister
        ? await register.mutateAsync({
            email,
            password: values.password,
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
          })
        : await login.mutateAsync({ email, password: values.password });
      toast.success(isRegister ? t('auth.registerSuccess') : t('auth.loginSuccess'));
      onSuccess(user);
    } catch (failure) {
      const message = isRegister ? registerFailureMessage(failure, t) : t('auth.loginFailed');
      setError({ message });
      toast.error(message);
      setSubmitting(false);
    }
  };

  const fieldProps = (field: Field) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: update(field),
    invalid: error?.field === field,
    disabled: submitting,
  });

  return (
    <div className="ui-stack login-form">
      <SegmentedControl
        role={{ kind: 'modes' }}
        label={t('auth.modeLabel')}
        options={MODES}
        value={mode}
        onChange={switchMode}
        optionLabel={(option) => (option === 'login' ? t('auth.loginTab') : t('auth.registerTab'))}
        className="login-form__modes"
        optionClassName="login-form__mode"
      />

      <form className="ui-stack login-form__form" noValidate onSubmit={onSubmit}>
        {error && <FormMessage>{error.message}</FormMessage>}

        {isRegister && (
          <div className="ui-pair login-form__names">
            <TextField {...fieldProps('firstName')} label={t('auth.firstName')} type="text" autoComplete="given-name" />
            <TextField {...fieldProps('lastName')} label={t('auth.lastName')} type="text" autoComplete="family-name" />
          </div>
        )}

        <TextField
          {...fieldProps('email')}
          label={t('auth.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
        />

        <TextField
          {...fieldProps('password')}
          label={t('auth.password')}
          labelAside={
            !isRegister && (
              <Link className="login-form__forgot" to="/forgot-password">
                {t('auth.forgotPassword')}
              </Link>
            )
          }
          type="password"
          autoComplete={isRegister ? 'new-password' : 'current-password'}
          placeholder={isRegister ? t('auth.passwordPlaceholderRegister') : undefined}
        />

        <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={submitting}>
          {submitting
            ? t(isRegister ? 'auth.submittingRegister' : 'auth.submittingLogin')
            : t(isRegister ? 'auth.submitRegister' : 'auth.submitLogin')}
        </button>
      </form>

      {googleOffered && (
        <>
          <div className="login-form__divider">
            <span>{t('auth.or')}</span>
          </div>

          <a className="btn btn--secondary btn--lg btn--block" href={GOOGLE_SIGN_IN_URL}>
            <GoogleIcon />
            {t('auth.google')}
          </a>
        </>
      )}
    </div>
  );
}
