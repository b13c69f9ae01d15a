import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconInbox } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { type WebhookDelivery, type WebhookEndpoint } from '@walletscreen/contracts';
import { notifyDone, notifyFailure } from '../../../components/notify';
import { formatDate } from '../../../lib/format-date';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { QueryStates } from '../../../components/list-kit/query-states';
import { PageHeader } from '../../../components/page-header';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useWebhook } from '../api/get-webhooks';
import { useRedeliverWebhook } from '../api/redeliver-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { DeliveryLog } from '../components/delivery-log';
import { WebhookSecretPanel } from '../components/webhook-secret';
import { endpointStatus, eventLabels } from '../webhook-display';

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
                { onError: notifyFailure(endpoint.enabled ? 'Could not disable the endpoint' : 'Could not enable the endpoint') },
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
        onSuccess: () => notifyDone('The new attempt appears in the log.', 'Sent again'),
        onError: notifyFailure('Could not resend the delivery'),
        onSettled: () => setResending(null),
      },
    );
  };

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
        <QueryStates
          query={deliveries}
          loading="Loading deliveries..."
          errorTitle="Could not load the delivery log"
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState
              icon={IconInbox}
              title="No deliveries yet"
              description={`The next ${endpoint.events.map((e) => eventLabels[e].toLowerCase()).join(', ')} event appears here with each attempt, its response code and how long it took.`}
            />
          }
        >
          {(list) => <DeliveryLog deliveries={list} canResend={endpoint.enabled} resending={resending} onResend={resend} />}
        </QueryStates>
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
      <QueryStates query={endpoint} loading="Loading the endpoint..." errorTitle="Could not load this endpoint" gap="md">
        {(found) => (
          <>
            <EndpointDetails endpoint={found} />
            <Deliveries endpoint={found} />
          </>
        )}
      </QueryStates>
    </>
  );
}
