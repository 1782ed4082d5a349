import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '@/components/ui/text-field/text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { ApiError } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/password-recovery';
import { EMAIL_PATTERN } from '@/lib/validation';
import './recovery.css';
import { FormMessage } from '@/components/ui/form-message/form-message';

/** The e-mail field, then the "sent" state with a resend button (spec section 2). */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const sending = request.isPending;

  const send = async (address: string) => {
    setError(null);
    try {
      await request.mutateAsync(address);
      setSentTo(address);
      toast.success(t('forgotPassword.sentToast'));
    } catch (failure) {
      // The server's message when it gave one (e.g. too many requests), else the spec's fallback.
      const message = failure instanceof ApiError && failure.hasServerMessage ? failure.message : 'Failed to send reset email';
      setError(failure instanceof ApiError && failure.status === 429 ? t('auth.tooManyAttempts') : message);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setError(t('auth.validation.emailInvalid'));
      document.getElementById(inputId)?.focus();
      return;
    }
    void send(address);
  };

  if (sentTo) {
    return (
      <div className="ui-stack recovery" data-testid="reset-email-sent">
        <FormMessage tone="success">{t('forgotPassword.sent', { email: sentTo })}</FormMessage>
        <p className="recovery__hint">{t('forgotPassword.sentHint')}</p>
        {error && <FormMessage>{error}</FormMessage>}
        <button type="button" className="btn btn--secondary btn--block" disabled={sending} onClick={() => void send(sentTo)}>
          {sending ? t('forgotPassword.sending') : t('forgotPassword.resend')}
        </button>
        <Link to="/login" className="recovery__back">
          {t('common.backToLogin')}
        </Link>
      </div>
    );
  }

  return (
    <form className="ui-stack recovery" noValidate onSubmit={onSubmit}>
      {error && <FormMessage>{error}</FormMessage>}
      <TextField
        id={inputId}
        label={t('auth.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('auth.emailPlaceholder')}
        value={email}
        invalid={error !== null}
        disabled={sending}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={sending}>
        {sending ? t('forgotPassword.sending') : t('forgotPassword.submit')}
      </button>
      <Link to="/login" className="recovery__back">
        {t('common.backToLogin')}
      </Link>
    </form>
  );
}
