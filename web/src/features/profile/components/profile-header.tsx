import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileUser } from '../types/profile';
import './profile-header.css';

interface ProfileHeaderProps {
  user: ProfileUser;
  /** The user's name as the app writes it (family name first for Chinese names). */
  displayName: string;
  onUpgrade(): void;
}

/** Who is signed in and at which membership level, with the way to upgrade. */
export function ProfileHeader({ user, displayName, onUpgrade }: ProfileHeaderProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const initial = Array.from(displayName.trim())[0]?.toUpperCase() ?? '';

  return (
    <section className="card profile-header" aria-labelledby={nameId}>
      <span className="profile-header__avatar" aria-hidden="true">
        {initial}
      </span>
      <div className="ui-stack ui-stack--1 profile-header__who">
        <h1 className="profile-header__name" id={nameId}>
          {displayName}
        </h1>
        <p className="profile-header__email">{user.email}</p>
        <p className={`profile-header__badge profile-header__badge--${user.level}`} data-testid="membership-badge">
          <span className="visually-hidden">{t('profile.header.membership')}：</span>
          {t(`profile.header.levels.${user.level}`)}
        </p>
      </div>
      <button type="button" className="btn btn--primary profile-header__upgrade" onClick={onUpgrade}>
        {t('profile.header.upgrade')}
      </button>
    </section>
  );
}
