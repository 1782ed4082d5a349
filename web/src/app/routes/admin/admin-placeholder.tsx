import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder/page-placeholder';
import { useDocumentTitle } from '@/hooks/use-document-title';

type AdminScreen = 'apiTest' | 'admin' | 'secretAdmin' | 'paymentManagement' | 'payments';

/** English placeholders for the admin and developer screens, which arrive in later releases. */
export function AdminPlaceholder({ screen }: { screen: AdminScreen }) {
  const { t } = useTranslation('en');
  const title = t(`${screen}.title`);
  useDocumentTitle(title);
  return <PagePlaceholder title={title} description={t(`${screen}.description`)} note={t('placeholder')} />;
}
