import { QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '@/components/ui/toast/toast-provider';
import { createQueryClient } from '@/lib/query-client';

/** What every screen has around it in the app: the query cache, toasts and a router. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}

export const renderWithProviders = (ui: ReactElement) => render(ui, { wrapper: TestProviders });

export const renderHookWithProviders = <T,>(hook: () => T) => renderHook(hook, { wrapper: TestProviders });
