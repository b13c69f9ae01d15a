import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconCheck, IconInbox } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { type WebhookDelivery, type WebhookEndpoint } from '@walletscreen/contracts';
import { formatDate } from '../../../lib/format-date';
import { PageHeader } from '../../../components/page-header';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useWebhook } from '../api/get-webhooks';
import { useRedeliverWebhook } from '../api/redeliver-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { DeliveryLog } from '../components/delivery-log';
import { WebhookSecretPanel } from '../components/webhook-secret';
import { endpointStatus, eventLabels } from '../webhook-display';

function failed(title: string) {
  return (error: Error) => notifications.show({ color: 'red', title, message: error.message || 'Please try again.', icon: <IconAlertCircle size={18} aria-hidden="true" /> });
}

function EndpointDetails({ endpoint }: { endpoint: WebhookEndpoint }) {
  const update = useUpdateWebhook();
  const status = endpointStatus(endpoint);
  return (
    <Paper p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text className="ws-mono" style={{ overflowWrap: 'anywhere' }} data-testid="webhook-url">
              {endpoint.url}
            </Text>
            {endpoint.description ? (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            ) : null}
            <Group gap={4}>
              {endpoint.events.map((event) => (
                <Badge key={event} variant="default" size="sm" tt="none">
                  {eventLabels[event]}
                </Badge>
              ))}
            </Group>
            <Text size="xs" c="dimmed" className="ws-tabular">
              Added {formatDate(endpoint.created_at)}
            </Text>
          </Stack>
          <Switch
            label={status.label}
            checked={endpoint.enabled}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate(
                { id: endpoint.id, changes: { enabled: e.currentTarget.checked } },
                { onError: failed(endpoint.enabled ? 'Could not disable the endpoint' : 'Could not enable the endpoint') },
              )
            }
            aria-label="Endpoint enabled"
          />
        </Group>
        {!endpoint.enabled && endpoint.disabled_reason ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Disabled by WalletScreen">
            {endpoint.disabled_reason}. Once your endpoint answers again, enable it here and resend the deliveries it missed.
          </Alert>
        ) : null}
        <WebhookSecretPanel endpointId={endpoint.id} />
      </Stack>
    </Paper>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const redeliver = useRedeliverWebhook();
  const [resending, setResending] = useState<string | null>(null);
  const resend = (delivery: WebhookDelivery) => {
    setResending(delivery.id);
    redeliver.mutate(
      { endpointId: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: () => notifications.show({ color: 'teal', title: 'Sent again', message: 'The new attempt appears in the log.', icon: <IconCheck size={18} aria-hidden="true" /> }),
        onError: failed('Could not resend the delivery'),
        onSettled: () => setResending(null),
      },
    );
  };

  let body;
  if (deliveries.isPending) {
    body = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">Loading deliveries...</Text>
        </Group>
      </Center>
    );
  } else if (deliveries.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Could not load the delivery log">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{deliveries.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void deliveries.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (deliveries.data.length === 0) {
    body = (
      <Center py="xl">
        <Stack align="center" gap={6} maw={460} ta="center">
          <IconInbox size={28} aria-hidden="true" color="var(--mantine-color-dimmed)" />
          <Text fw={600}>No deliveries yet</Text>
          <Text size="sm" c="dimmed">
            The next {endpoint.events.map((e) => eventLabels[e].toLowerCase()).join(', ')} event appears here with each attempt, its response code and how long it took.
          </Text>
        </Stack>
      </Center>
    );
  } else {
    body = <DeliveryLog deliveries={deliveries.data} canResend={endpoint.enabled} resending={resending} onResend={resend} />;
  }
  return (
    <Paper p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Delivery log
        </Title>
        {!endpoint.enabled ? (
          <Text size="sm" c="dimmed">
            Enable the endpoint to resend deliveries.
          </Text>
        ) : null}
        <div aria-busy={deliveries.isFetching}>{body}</div>
      </Stack>
    </Paper>
  );
}

/** /dashboard/webhooks/:id: one endpoint, its secret, enable / disable, and its delivery log (refreshed every few seconds). */
export function WebhookPage() {
  const { id = '' } = useParams();
  const endpoint = useWebhook(id);
  return (
    <>
      <Anchor component={Link} to="/dashboard/webhooks" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden="true" />
          All webhook endpoints
        </Group>
      </Anchor>
      <PageHeader title="Webhook endpoint" />
      {endpoint.isPending ? (
        <Center py="xl" role="status">
          <Group gap="sm">
            <Loader size="sm" aria-hidden="true" />
            <Text c="dimmed">Loading the endpoint...</Text>
          </Group>
        </Center>
      ) : endpoint.isError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Could not load this endpoint">
          {endpoint.error.message}
        </Alert>
      ) : (
        <Stack gap="md">
          <EndpointDetails endpoint={endpoint.data} />
          <Deliveries endpoint={endpoint.data} />
        </Stack>
      )}
    </>
  );
}
