import type { ReactNode } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../error-alert';

export const RETRY_LABEL = 'Try again';

export interface ErrorStateProps {
  /** What could not be loaded ("Could not load customers"); the alert's title. */
  title?: string;
  /** What went wrong: the server's sentence, usually. */
  message: ReactNode;
  /** Loads again; no Retry button without it (a refusal that repeating cannot change). */
  onRetry?: () => void;
  /** The retry is on its way (the button shows it). */
  retrying?: boolean;
}

/** A load that failed: an alert with what failed and why, and a Retry button ("Try again"). */
export function ErrorState({ title, message, onRetry, retrying = false }: ErrorStateProps) {
  return (
    <ErrorAlert title={title} w="100%">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry ? (
          <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
            {RETRY_LABEL}
          </Button>
        ) : null}
      </Stack>
    </ErrorAlert>
  );
}
