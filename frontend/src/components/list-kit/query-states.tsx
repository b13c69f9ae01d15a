import type { ReactNode } from 'react';
import { Stack, type MantineSpacing } from '@mantine/core';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';

/** The parts of a TanStack query (plain or infinite) the states read. */
export interface StatesQuery<TData> {
  data: TData | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  refetch: () => Promise<unknown>;
}

export interface QueryStatesProps<TData> {
  query: StatesQuery<TData>;
  /** The loading line ("Loading customers..."). */
  loading: string;
  /** The error's title ("Could not load customers"). */
  errorTitle?: string;
  /** The error's text instead of the server's sentence. */
  errorMessage?: (error: Error) => ReactNode;
  /** Whether the error can be retried (default: always); a 404 of one item, say, cannot. */
  canRetry?: (error: Error) => boolean;
  /** Whether the loaded data is an empty list; never empty without it. */
  isEmpty?: (data: TData) => boolean;
  /** What an empty list shows (an EmptyState). */
  empty?: ReactNode;
  /** The loaded data's view, with its pagination; kept on screen (dimmed) while the next filter's data loads. */
  children: (data: TData) => ReactNode;
  gap?: MantineSpacing;
  /** The loading state's padding (smaller inside a card). */
  py?: MantineSpacing;
}

/**
 * Every list's states, in one place: loading (announced), the error with Retry when there is
 * nothing to show, the empty state, and otherwise the data (marked busy while it refreshes). A
 * refresh that fails over data already shown keeps the data on screen.
 */
export function QueryStates<TData>({
  query,
  loading,
  errorTitle,
  errorMessage,
  canRetry,
  isEmpty,
  empty = null,
  children,
  gap = 'sm',
  py,
}: QueryStatesProps<TData>) {
  if (query.isPending) return <LoadingState label={loading} py={py} />;
  const data = query.data;
  const emptyList = data !== undefined && isEmpty !== undefined && isEmpty(data);
  if (query.error && (data === undefined || emptyList)) {
    const error = query.error;
    return (
      <ErrorState
        title={errorTitle}
        message={errorMessage ? errorMessage(error) : error.message}
        onRetry={canRetry === undefined || canRetry(error) ? () => void query.refetch() : undefined}
        retrying={query.isFetching}
      />
    );
  }
  if (data === undefined) return null;
  if (emptyList) return <>{empty}</>;
  return (
    <Stack gap={gap} aria-busy={query.isFetching} style={query.isPlaceholderData ? { opacity: 0.6 } : undefined}>
      {children(data)}
    </Stack>
  );
}
