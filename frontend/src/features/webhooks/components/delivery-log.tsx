import { Fragment, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSend } from '@tabler/icons-react';
import type { WebhookDelivery } from '@walletscreen/contracts';
import { deliveryStatus, eventLabels, responseText, when } from '../webhook-display';

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Not attempted yet.
      </Text>
    );
  }
  return (
    <Table verticalSpacing={4} aria-label={`Attempts of delivery ${delivery.id}`} data-testid="webhook-attempts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Attempt</Table.Th>
          <Table.Th scope="col">Time (UTC)</Table.Th>
          <Table.Th scope="col" ta="right">
            Response
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Duration
          </Table.Th>
          <Table.Th scope="col">Error or answer</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...delivery.attempts].reverse().map((attempt) => (
          <Table.Tr key={`${attempt.attempt}-${attempt.at}`}>
            <Table.Td className="ws-tabular">{attempt.attempt}</Table.Td>
            <Table.Td className="ws-tabular" style={{ whiteSpace: 'nowrap' }}>
              {when(attempt.at)}
            </Table.Td>
            <Table.Td className="ws-tabular" ta="right" c={attempt.ok ? undefined : 'red'}>
              {responseText(attempt.status_code, attempt.error)}
            </Table.Td>
            <Table.Td className="ws-tabular" ta="right" style={{ whiteSpace: 'nowrap' }}>
              {attempt.duration_ms} ms
            </Table.Td>
            <Table.Td maw={420}>
              <Text size="xs" className="ws-mono" truncate="end" title={attempt.error ?? attempt.response_body ?? ''}>
                {attempt.error ?? attempt.response_body ?? ''}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Each delivery: event, created, status, attempts, last response, next attempt; its attempts open below it; Resend. */
export function DeliveryLog({
  deliveries,
  canResend,
  resending,
  onResend,
}: {
  deliveries: WebhookDelivery[];
  canResend: boolean;
  resending: string | null;
  onResend: (delivery: WebhookDelivery) => void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" aria-label="Delivery log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={40}>
              <VisuallyHidden>Attempts</VisuallyHidden>
            </Table.Th>
            <Table.Th scope="col">Event</Table.Th>
            <Table.Th scope="col">Created (UTC)</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              Attempts
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Last response
            </Table.Th>
            <Table.Th scope="col">Next attempt (UTC)</Table.Th>
            <Table.Th scope="col" ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => {
            const status = deliveryStatus(delivery);
            const expanded = open === delivery.id;
            const waiting = delivery.status === 'pending' || delivery.status === 'sending';
            return (
              <Fragment key={delivery.id}>
                <Table.Tr data-testid="webhook-delivery-row" data-delivery-id={delivery.id} data-status={delivery.status}>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => setOpen(expanded ? null : delivery.id)}
                      aria-expanded={expanded}
                      aria-label={`${expanded ? 'Hide' : 'Show'} the attempts of ${delivery.id}`}
                    >
                      {expanded ? <IconChevronDown size={16} aria-hidden="true" /> : <IconChevronRight size={16} aria-hidden="true" />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{eventLabels[delivery.event_type]}</Text>
                    <Text size="xs" c="dimmed" className="ws-mono" title="The webhook-id header">
                      {delivery.id}
                    </Text>
                  </Table.Td>
                  <Table.Td className="ws-tabular" style={{ whiteSpace: 'nowrap' }}>
                    {when(delivery.created_at)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={status.color} variant="light" data-testid="webhook-delivery-status">
                      {status.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td className="ws-tabular" ta="right">
                    {delivery.attempt_count}
                  </Table.Td>
                  <Table.Td className="ws-tabular" ta="right" data-testid="webhook-delivery-response" title={delivery.last_error ?? undefined}>
                    {responseText(delivery.last_status_code, delivery.last_error)}
                  </Table.Td>
                  <Table.Td className="ws-tabular" style={{ whiteSpace: 'nowrap' }} c={waiting ? undefined : 'dimmed'}>
                    {waiting ? when(delivery.next_attempt_at) : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconSend size={14} aria-hidden="true" />}
                        disabled={!canResend || delivery.status === 'sending'}
                        loading={resending === delivery.id}
                        onClick={() => onResend(delivery)}
                        aria-label={`Resend delivery ${delivery.id}`}
                      >
                        Resend
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {expanded ? (
                  <Table.Tr>
                    <Table.Td colSpan={8} bg="var(--mantine-color-default-hover)">
                      <Attempts delivery={delivery} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
