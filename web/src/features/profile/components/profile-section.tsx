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
