import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { CreateWebhookResponse } from '@walletscreen/contracts';
import { SecretBlock } from './webhook-secret';

/** The endpoint just added, with its signing secret (it can be read again on the endpoint's page). */
export function NewWebhookModal({
  created,
  onClose,
  onOpenLog,
}: {
  created: CreateWebhookResponse | null;
  onClose: () => void;
  onOpenLog: (id: string) => void;
}) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Webhook endpoint added" centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {created ? (
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Events are sent to <span className="ws-mono">{created.url}</span>.
          </Text>
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />} title="Signing secret">
            Your endpoint checks with this secret that a message comes from WalletScreen. You can see it again on the endpoint's page.
          </Alert>
          <SecretBlock secret={created.secret} label="Signing secret" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onOpenLog(created.id)}>
              Open delivery log
            </Button>
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
