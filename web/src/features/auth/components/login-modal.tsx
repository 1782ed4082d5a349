import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal/modal';
import { LoginForm } from './login-form';

interface LoginModalProps {
  open: boolean;
  onClose(): void;
}

/** The login page's form in a modal, for visitors who try something that needs an account. */
export function LoginModal({ open, onClose }: LoginModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('auth.modalTitle')} subtitle={t('auth.modalSubtitle')}>
      <LoginForm onSuccess={onClose} />
    </Modal>
  );
}
