import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { CopyIconButton } from '../../../components/copy-address';
import { useRevealWebhookSecret } from '../api/get-webhook-secret';

/** The signing secret as a block with a copy button. */
export function SecretBlock({ secret, label }: { secret: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Code
        block
        aria-label={label}
        data-testid="webhook-secret"
        style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', userSelect: 'all' }}
      >
        {secret}
      </Code>
      <CopyIconButton value={secret} label="Copy signing secret" />
    </Group>
  );
}

/** The secret, hidden until asked for (it is fetched only then). */
export function WebhookSecretPanel({ endpointId }: { endpointId: string }) {
  const reveal = useRevealWebhookSecret();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Signing secret
      </Text>
      {reveal.data ? (
        <SecretBlock secret={reveal.data} label="Signing secret" />
      ) : (
        <Group gap="sm">
          <Text className="ws-mono" c="dimmed" aria-hidden="true">
            whsec_••••••••••••••••
          </Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} aria-hidden="true" />}
            loading={reveal.isPending}
            onClick={() => reveal.mutate(endpointId)}
          >
            Reveal
          </Button>
        </Group>
      )}
      {reveal.isError ? (
        <Text size="sm" c="red" role="alert">
          {reveal.error.message}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        Verify each message with it, as the Standard Webhooks libraries do (the webhook-id, webhook-timestamp and webhook-signature headers).
      </Text>
    </Stack>
  );
}
