import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, installFocusThrottle } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/** Theme (light, dark or the system's), notifications and the query cache. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    installFocusThrottle();
    return createQueryClient();
  });
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Notifications position="top-right" autoClose={5000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
