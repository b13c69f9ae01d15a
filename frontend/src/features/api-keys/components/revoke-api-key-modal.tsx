import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiKey } from '@walletscreen/contracts';

/** Revoking is confirmed first; Cancel has the focus, so Enter alone revokes nothing. */
export function RevokeApiKeyModal({
  apiKey,
  pending,
  onCancel,
  onConfirm,
}: {
  apiKey: ApiKey | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={apiKey !== null} onClose={onCancel} title="Revoke API key" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {apiKey ? (
        <Stack gap="lg">
          <Text size="sm">
            Revoke{' '}
            <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
              {apiKey.name}
            </Text>{' '}
            (<span className="ws-mono">{apiKey.prefix}…</span>)? Calls with this key are refused at once. This cannot be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={pending} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={pending}>
              Revoke key
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
