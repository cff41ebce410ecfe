import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryDefaults } from '../lib/api/query-defaults';

export const queryClient = new QueryClient({ defaultOptions: queryDefaults });

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
