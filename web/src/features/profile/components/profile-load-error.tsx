import { useTranslation } from 'react-i18next';
import { ProfileActions } from './profile-section';
import { FormMessage } from '@/components/ui/form-message/form-message';

/** Shown instead of the profile when it could not be loaded (spec section 8). */
export function ProfileLoadError({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <section className="card profile-section">
      <FormMessage>{t('profile.loadFailed')}</FormMessage>
      <ProfileActions>
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          {t('profile.retry')}
        </button>
      </ProfileActions>
    </section>
  );
}
