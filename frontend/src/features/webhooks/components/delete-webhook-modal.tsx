import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { WebhookEndpoint } from '@walletscreen/contracts';

/** Deleting is confirmed first; Cancel has the focus, so Enter alone deletes nothing. */
export function DeleteWebhookModal({
  endpoint,
  pending,
  onCancel,
  onConfirm,
}: {
  endpoint: WebhookEndpoint | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={endpoint !== null} onClose={onCancel} title="Delete webhook endpoint" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {endpoint ? (
        <Stack gap="lg">
          <Text size="sm">
            Delete{' '}
            <Text span className="ws-mono" style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
            ? Nothing more is sent to it, including retries still waiting. This cannot be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={pending} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={pending}>
              Delete endpoint
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
