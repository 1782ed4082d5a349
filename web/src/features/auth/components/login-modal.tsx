import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal/modal';
import type { User } from '../types/user';
import { LoginForm } from './login-form';

interface LoginModalProps {
  open: boolean;
  /** Closed without logging in (or after a login, once onLoggedIn has run). */
  onClose(): void;
  /** Logged in or registered: the caller can now carry on with what needed the account. */
  onLoggedIn?(user: User): void;
}

/** The login page's form in a modal, for visitors who try something that needs an account. */
export function LoginModal({ open, onClose, onLoggedIn }: LoginModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('auth.modalTitle')} subtitle={t('auth.modalSubtitle')}>
      <LoginForm
        onSuccess={(user) => {
          onLoggedIn?.(user);
          onClose();
        }}
      />
    </Modal>
  );
}
