import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast/use-toast';
import { AnalysisResultsPlaceholder } from '@/features/analysis/components/analysis-results-placeholder';
import { StockInputCard } from '@/features/analysis/components/stock-input-card';
import { LoginModal } from '@/features/auth/components/login-modal';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function MainRoute() {
  const { t } = useTranslation();
  const toast = useToast();
  const { isAuthenticated } = useAuth();
  const [loginOpen, setLoginOpen] = useState(false);
  useDocumentTitle();

  return (
    <div className="page">
      <StockInputCard
        canAnalyze={isAuthenticated}
        onRequireLogin={() => setLoginOpen(true)}
        onEmptySymbol={() => toast.error(t('analysis.emptySymbol'))}
        onAnalyze={() => toast.info(t('analysis.comingSoon'))}
      />
      <AnalysisResultsPlaceholder />
      <LoginModal open={loginOpen} onClose={() => setLoginOpen(false)} />
    </div>
  );
}
