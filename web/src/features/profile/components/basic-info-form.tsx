import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field/text-field';
import { useUpdateProfile } from '../api/update-profile';
import { useFlashMessage } from '../hooks/use-flash-message';
import { useProfileForm } from '../hooks/use-profile-form';
import type { ProfileData, ProfileUser } from '../types/profile';
import { ProfileSection, ProfileSubmit } from './profile-section';
import { SuccessMessage } from './success-message';
import { FormMessage } from '@/components/ui/form-message/form-message';

type Field = 'firstName' | 'lastName' | 'phone';

/** The same rule the server applies, so a typo is caught before the round trip. */
const PHONE_PATTERN = /^[+\d\s()-]*$/;
const PHONE_MAX_LENGTH = 30;
const NAME_MAX_LENGTH = 100;

interface BasicInfoFormProps {
  user: ProfileUser;
  onSaved(data: ProfileData): void;
}

/** First name, last name and phone; the e-mail is shown but cannot be changed. */
export function BasicInfoForm({ user, onSaved }: BasicInfoFormProps) {
  const { t } = useTranslation();
  const save = useUpdateProfile();
  const { values, setValues, error, saving, id, update, submit } = useProfileForm<Field>({
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
  });
  const success = useFlashMessage();

  const fieldProps = (field: Field) => ({ id: id(field), value: values[field], invalid: error?.field === field, onChange: update(field) });

  const validate = (): { message: string; field: Field } | null => {
    if (!values.firstName.trim()) return { message: t('profile.basic.namesRequired'), field: 'firstName' };
    if (!values.lastName.trim()) return { message: t('profile.basic.namesRequired'), field: 'lastName' };
    const phone = values.phone.trim();
    if (!PHONE_PATTERN.test(phone) || phone.length > PHONE_MAX_LENGTH) return { message: t('profile.basic.phoneInvalid'), field: 'phone' };
    return null;
  };

  const onSubmit = submit({
    validate: () => {
      success.clear();
      return validate();
    },
    save: async () => {
      const saved = await save.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: values.phone.trim() || null,
      });
      setValues({ firstName: saved.user.firstName, lastName: saved.user.lastName, phone: saved.user.phone ?? '' });
      onSaved(saved);
      success.show(t('profile.basic.success'));
    },
    problemOf: () => ({ message: t('profile.basic.failed') }),
  });

  return (
    <ProfileSection title={t('profile.basic.title')} description={t('profile.basic.description')}>
      <form className="ui-stack profile-form" noValidate onSubmit={onSubmit}>
        {error && <FormMessage>{error.message}</FormMessage>}
        <div className="ui-pair profile-form__row">
          <TextField
            {...fieldProps('firstName')}
            label={t('profile.basic.firstName')}
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
          />
          <TextField
            {...fieldProps('lastName')}
            label={t('profile.basic.lastName')}
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
          />
        </div>
        <TextField
          id={id('email')}
          label={t('profile.basic.email')}
          inputClassName="profile-form__input--readonly"
          type="email"
          value={user.email}
          readOnly
          hint={t('profile.basic.emailReadOnly')}
        />
        <TextField
          {...fieldProps('phone')}
          label={t('profile.basic.phone')}
          type="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          placeholder={t('profile.basic.phonePlaceholder')}
        />
        <SuccessMessage message={success.message} />
        <ProfileSubmit saving={saving} label={t('profile.basic.save')} savingLabel={t('profile.basic.saving')} />
      </form>
    </ProfileSection>
  );
}
