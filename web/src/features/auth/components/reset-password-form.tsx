import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PasswordField } from '@/components/ui/password-field/password-field';
import { Spinner } from '@/components/ui/spinner/spinner';
import { ApiError } from '@/lib/api-client';
import { useResetPassword, useResetToken } from '../api/password-recovery';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation';
import './recovery.css';
import { FormMessage } from '@/components/ui/form-message/form-message';

/** After a successful reset the page goes to /login after this long (spec section 9). */
export const RESET_REDIRECT_MS = 3000;

type State = { step: 'checking' } | { step: 'invalid'; reason: 'missing' | 'expired' } | { step: 'form'; email: string } | { step: 'done' };

/** Where the page stands: the link's check first, then the form, then done. */
function stateOf(token: string | null, check: ReturnType<typeof useResetToken>, done: boolean, expired: boolean): State {
  if (!token) return { step: 'invalid', reason: 'missing' };
  if (done) return { step: 'done' };
  if (expired || check.isError) return { step: 'invalid', reason: 'expired' };
  if (check.isPending) return { step: 'checking' };
  return { step: 'form', email: check.data.email };
}

/** Checks the link's token, shows whose password it resets, sets the new one, then goes to /login. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const idPrefix = useId();
  const check = useResetToken(token);
  const reset = useResetPassword();
  const [expired, setExpired] = useState(false);
  const state = stateOf(token, check, reset.isSuccess, expired);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const saving = reset.isPending;

  useEffect(() => {
    if (state.step !== 'done') return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [state.step, navigate]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token || saving) return;
    if (password.length < PASSWORD_MIN_LENGTH) return setError(t('auth.validation.passwordTooShort'));
    if (password !== confirm) return setError(t('resetPassword.mismatch'));
    setError(null);
    try {
      await reset.mutateAsync({ token, newPassword: password });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'INVALID_RESET_TOKEN') setExpired(true);
      else
        setError(
          failure instanceof ApiError && failure.status === 400 && failure.hasServerMessage ? failure.message : 'Failed to reset password',
        );
    }
  };

  if (state.step === 'checking') {
    return (
      <div className="ui-stack recovery recovery--center">
        <Spinner label={t('resetPassword.checking')} />
      </div>
    );
  }

  if (state.step === 'invalid') {
    return (
      <div className="ui-stack recovery">
        <FormMessage>{state.reason === 'missing' ? t('resetPassword.missingToken') : t('resetPassword.invalidToken')}</FormMessage>
        <Link to="/forgot-password" className="btn btn--primary btn--block">
          {t('resetPassword.requestNew')}
        </Link>
        <Link to="/login" className="recovery__back">
          {t('common.backToLogin')}
        </Link>
      </div>
    );
  }

  if (state.step === 'done') {
    return (
      <div className="ui-stack recovery">
        <FormMessage tone="success">{t('resetPassword.success')}</FormMessage>
        <Link to="/login" className="btn btn--primary btn--block">
          {t('resetPassword.goToLogin')}
        </Link>
      </div>
    );
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form className="ui-stack recovery" noValidate onSubmit={onSubmit}>
      <p className="recovery__account">
        {t('resetPassword.forAccount')} <strong data-testid="reset-email">{state.email}</strong>
      </p>
      {error && <FormMessage>{error}</FormMessage>}
      <PasswordField
        id={id('password')}
        label={t('resetPassword.newPassword')}
        autoComplete="new-password"
        placeholder={t('auth.passwordPlaceholderRegister')}
        value={password}
        disabled={saving}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordField
        id={id('confirm')}
        label={t('resetPassword.confirmPassword')}
        autoComplete="new-password"
        value={confirm}
        disabled={saving}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={saving}>
        {saving ? t('resetPassword.saving') : t('resetPassword.submit')}
      </button>
    </form>
  );
}
