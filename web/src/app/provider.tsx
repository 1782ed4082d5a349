import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast/toast-provider';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { BillingProvider } from '@/features/billing/components/billing-provider';
import { CreditsProvider } from '@/features/credits/components/credits-provider';
import { useCredits } from '@/features/credits/hooks/use-credits';
import { createQueryClient } from '@/lib/query-client';

/** The balance belongs to whoever is signed in; features stay apart, so the app wires them here. */
function CreditsForCurrentUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <CreditsProvider userId={user?.id ?? null}>{children}</CreditsProvider>;
}

/** Purchases and subscription changes re-read the balance the header shows. */
function BillingForCurrentUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { refresh } = useCredits();
  return (
    <BillingProvider userId={user?.id ?? null} onBalanceChanged={() => void refresh()}>
      {children}
    </BillingProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <CreditsForCurrentUser>
            <BillingForCurrentUser>{children}</BillingForCurrentUser>
          </CreditsForCurrentUser>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
