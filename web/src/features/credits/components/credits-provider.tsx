import type { ReactNode } from 'react';
import { useCreditsQuery } from '../api/get-credits';
import { CreditsContext } from '../hooks/use-credits';

interface CreditsProviderProps {
  /** The signed-in user's id, or null for a visitor (then no balance is loaded). */
  userId: string | null;
  children: ReactNode;
}

export function CreditsProvider({ userId, children }: CreditsProviderProps) {
  const query = useCreditsQuery(userId);
  return <CreditsContext.Provider value={query}>{children}</CreditsContext.Provider>;
}
