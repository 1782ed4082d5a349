import { createContext, useContext } from 'react';
import type { CreditsQuery } from '../api/get-credits';

export const CreditsContext = createContext<CreditsQuery | null>(null);

/** The one shared balance, so a refresh after an analysis or purchase updates the header too. */
export function useCredits(): CreditsQuery {
  const credits = useContext(CreditsContext);
  if (!credits) throw new Error('useCredits must be used inside <CreditsProvider>');
  return credits;
}
