import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DeferredNotifications } from '../components/deferred-notifications';
import { cssVariablesResolver, theme } from './theme';

/**
 * Theme (light, dark or the system's) and notifications. The query cache comes with the screens
 * that use it (lib/query-provider.tsx, wrapped around them by the router).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <DeferredNotifications position="top-right" autoClose={5000} />
      {children}
    </MantineProvider>
  );
}
