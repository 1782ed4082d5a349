import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast/toast-provider';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CreditsProvider } from '@/features/credits/components/credits-provider';

/** The balance belongs to whoever is signed in; features stay apart, so the app wires them here. */
function CreditsForCurrentUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <CreditsProvider userId={user?.id ?? null}>{children}</CreditsProvider>;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <AuthProvider>
        <CreditsForCurrentUser>{children}</CreditsForCurrentUser>
      </AuthProvider>
    </ToastProvider>
  );
}
