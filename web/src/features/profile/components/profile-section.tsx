import { useId, type ReactNode } from 'react';
import './profile-section.css';

interface ProfileSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** The titled card each profile tab is made of. */
export function ProfileSection({ title, description, children }: ProfileSectionProps) {
  const titleId = useId();
  return (
    <section className="card profile-section" aria-labelledby={titleId}>
      <header className="ui-stack ui-stack--1 profile-section__header">
        <h2 className="profile-section__title" id={titleId}>
          {title}
        </h2>
        {description && <p className="profile-section__description">{description}</p>}
      </header>
      {children}
    </section>
  );
}

/** A panel's buttons, under its content (full width each on a phone). */
export function ProfileActions({ children }: { children: ReactNode }) {
  return <div className="ui-wrap ui-wrap--3 profile-form__actions">{children}</div>;
}

/** A profile form's submit button, with its own label while the form saves. */
export function ProfileSubmit({ saving, label, savingLabel }: { saving: boolean; label: string; savingLabel: string }) {
  return (
    <ProfileActions>
      <button type="submit" className="btn btn--primary" disabled={saving}>
        {saving ? savingLabel : label}
      </button>
    </ProfileActions>
  );
}
