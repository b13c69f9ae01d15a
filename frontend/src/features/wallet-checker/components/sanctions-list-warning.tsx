import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { noSanctionsListMessage } from '@walletscreen/contracts';
import { useSanctionsStatus } from '../api/get-sanctions-status';

/**
 * A warning while no OFAC list is loaded: checks still run, but cannot screen against sanctions.
 * Nothing while a list is loaded, while the status loads, or when it cannot be fetched.
 */
export function SanctionsListWarning() {
  const { data } = useSanctionsStatus();
  if (!data || data.loaded) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      title="Sanctions screening unavailable"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="no-sanctions-list"
    >
      {noSanctionsListMessage}
    </Alert>
  );
}
