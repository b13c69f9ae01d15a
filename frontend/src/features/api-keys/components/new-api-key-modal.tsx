import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CreateApiKeyResponse } from '@walletscreen/contracts';
import { CopyIconButton } from '../../../components/copy-address';

/**
 * The new key, shown this once: the whole key with a copy button and a plain warning that it will
 * not be shown again. Only the explicit buttons or Escape close it, not a click beside it.
 */
export function NewApiKeyModal({ created, onClose }: { created: CreateApiKeyResponse | null; onClose: () => void }) {
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="Your new API key"
      centered
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {created ? (
        <Stack gap="md">
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
            title="Copy this key now"
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            This is the only time the whole key is shown. We keep only a fingerprint of it, so nobody can show it to you again. If you lose it, revoke it and
            create a new one.
          </Alert>
          <Stack gap={6}>
            <Text size="sm" fw={500} id="new-api-key-label">
              API key “{created.name}”
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code
                block
                aria-labelledby="new-api-key-label"
                data-testid="new-api-key"
                style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', userSelect: 'all' }}
              >
                {created.key}
              </Code>
              <CopyIconButton value={created.key} label="Copy API key" />
            </Group>
          </Stack>
          <Text size="sm" c="dimmed">
            Send it in the <Code>X-API-Key</Code> header. Keep it out of code repositories and browser pages: anyone holding it can call the API as you.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              I have copied the key
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
