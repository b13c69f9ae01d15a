import type { ComponentType, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, installFocusThrottle } from './query-client';

/**
 * The app's one query cache, made by the first screen that reads or writes through the API (the
 * landing page does neither, so its visitors never download TanStack Query's client). Every screen
 * that does is wrapped in the provider of this same client, so the cache outlives navigation.
 */
let client: QueryClient | undefined;

function queryClient(): QueryClient {
  if (!client) {
    installFocusThrottle();
    client = createQueryClient();
  }
  return client;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient()}>{children}</QueryClientProvider>;
}

/** `Screen` inside the app's query cache. */
export function withQueries(Screen: ComponentType): ComponentType {
  return function WithQueries() {
    return (
      <QueryProvider>
        <Screen />
      </QueryProvider>
    );
  };
}
