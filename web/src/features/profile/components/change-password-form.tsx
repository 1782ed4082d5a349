import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/ui/password-field/password-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { ApiError } from '@/lib/api-client';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation';
import { useChangePassword } from '../api/change-password';
import { useProfileForm } from '../hooks/use-profile-form';
import { ProfileSection, ProfileSubmit } from './profile-section';
import { FormMessage } from '@/components/ui/form-message/form-message';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<Field, string>;

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

interface ChangePasswordFormProps {
  /**
   * Receives the token the server issued with the new password. Every older token, the one
   * in use included, is revoked by then, so it must replace the stored one straight away.
   * Checking the new token can re-mount the page, which is why success is told by a toast
   * (it outlives this form) rather than by a message inside it.
   */
  onTokenReplaced(token: string): void | Promise<void>;
}

type Translate = TFunction;

/** Our wording for the failures the user can act on; other server messages as sent, else the spec's fallback. */
function failureMessage(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.code === 'WRONG_PASSWORD') return t('profile.password.wrongPassword');
    if (error.code === 'NO_PASSWORD') return t('profile.password.noPassword');
    if (error.hasServerMessage) return error.message;
  }
  return 'Failed to change password';
}

export function ChangePasswordForm({ onTokenReplaced }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { values, setValues, error, saving, id, update, submit } = useProfileForm<Field>(EMPTY);
  const toast = useToast();

  const validate = (): { message: string; field: Field } | null => {
    const empty = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find((field) => !values[field]);
    if (empty) return { message: t('profile.password.required'), field: empty };
    if (values.newPassword.length < PASSWORD_MIN_LENGTH) return { message: t('profile.password.tooShort'), field: 'newPassword' };
    if (values.newPassword !== values.confirmPassword) return { message: t('profile.password.mismatch'), field: 'confirmPassword' };
    return null;
  };

  const onSubmit = submit({
    validate,
    save: async () => {
      const { token } = await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(EMPTY);
      toast.success(t('profile.password.success'));
      await onTokenReplaced(token);
    },
    problemOf: (failure) => ({
      message: failureMessage(failure, t),
      field: failure instanceof ApiError && failure.code === 'WRONG_PASSWORD' ? 'currentPassword' : undefined,
    }),
  });

  const passwordField = (field: Field, label: string, autoComplete: 'current-password' | 'new-password', placeholder?: string) => (
    <PasswordField
      id={id(field)}
      label={label}
      autoComplete={autoComplete}
      placeholder={placeholder}
      required
      minLength={field === 'currentPassword' ? undefined : PASSWORD_MIN_LENGTH}
      value={values[field]}
      disabled={saving}
      invalid={error?.field === field}
      onChange={update(field)}
    />
  );

  return (
    <ProfileSection title={t('profile.password.title')} description={t('profile.password.description')}>
      <form className="ui-stack profile-form" noValidate onSubmit={onSubmit}>
        {error && <FormMessage>{error.message}</FormMessage>}
        {passwordField('currentPassword', t('profile.password.current'), 'current-password')}
        {passwordField('newPassword', t('profile.password.new'), 'new-password', t('profile.password.newPlaceholder'))}
        {passwordField('confirmPassword', t('profile.password.confirm'), 'new-password')}
        <ProfileSubmit saving={saving} label={t('profile.password.submit')} savingLabel={t('profile.password.saving')} />
      </form>
    </ProfileSection>
  );
}
