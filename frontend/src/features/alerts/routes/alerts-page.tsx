import { useState } from 'react';
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBellCheck } from '@tabler/icons-react';
import type { Alert } from '@walletscreen/contracts';
import { useNavigate } from 'react-router';
import { notifyDone, notifyFailure } from '../../../components/notify';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { QueryStates } from '../../../components/list-kit/query-states';
import { PageHeader } from '../../../components/page-header';
import { useOpenCase } from '../../../lib/open-case';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';
import { useAlerts, type AlertFilter } from '../api/get-alerts';
import { useResolveAlert } from '../api/resolve-alert';
import { AlertCard } from '../components/alert-card';
import { ResolveAlertModal } from '../components/resolve-alert-modal';

const filters: Array<{ value: AlertFilter; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'acknowledged', label: 'Acknowledged' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

/** /dashboard/alerts: alerts raised by re-screens of watched wallets; acknowledge, resolve with a note. */
export function AlertsPage() {
  const [filter, setFilter] = useState<AlertFilter>('open');
  const alerts = useAlerts(filter);
  const acknowledge = useAcknowledgeAlert();
  const resolve = useResolveAlert();
  const openCase = useOpenCase();
  const navigate = useNavigate();
  const [resolving, setResolving] = useState<Alert | null>(null);
  return (
    <>
      <PageHeader title="Alerts" description="Changes found by re-screening your watched wallets, with what changed and the evidence." />
      <Stack gap="md">
        <Group justify="space-between">
          <SegmentedControl aria-label="Show alerts" value={filter} onChange={(v) => setFilter(v)} data={filters} />
          {alerts.data ? (
            <Text size="sm" c="dimmed" className="ws-tabular" data-testid="alerts-open-count">
              {alerts.data.open} open
            </Text>
          ) : null}
        </Group>
        <QueryStates
          query={alerts}
          loading="Loading alerts..."
          errorTitle="Could not load the alerts"
          isEmpty={(list) => list.items.length === 0}
          empty={
            <EmptyState
              icon={IconBellCheck}
              title={filter === 'open' ? 'No open alerts' : 'No alerts here'}
              description="An alert appears when a watched wallet's risk level or AML status changes, or a new sanctions hit appears."
            />
          }
        >
          {(list) => (
            <>
              {list.items.map((a) => (
                <AlertCard
                  key={a.id}
                  alert={a}
                  acknowledging={acknowledge.isPending && acknowledge.variables === a.id}
                  openingCase={openCase.isPending && openCase.variables.alert_id === a.id}
                  onOpenCase={() =>
                    openCase.mutate(
                      { alert_id: a.id },
                      { onSuccess: (opened) => void navigate(`/dashboard/cases/${opened.id}`), onError: notifyFailure('Could not open a case') },
                    )
                  }
                  onAcknowledge={() =>
                    acknowledge.mutate(a.id, {
                      onSuccess: () => notifyDone('The alert is marked as being looked at.', 'Acknowledged'),
                      onError: notifyFailure('Could not acknowledge the alert'),
                    })
                  }
                  onResolve={() => {
                    resolve.reset();
                    setResolving(a);
                  }}
                />
              ))}
            </>
          )}
        </QueryStates>
      </Stack>
      <ResolveAlertModal
        alert={resolving}
        pending={resolve.isPending}
        error={resolve.error ? resolve.error.message : null}
        onCancel={() => setResolving(null)}
        onResolve={(note) =>
          resolving &&
          resolve.mutate(
            { id: resolving.id, note },
            {
              onSuccess: () => {
                setResolving(null);
                notifyDone('The alert is resolved; your note is recorded.', 'Resolved');
              },
            },
          )
        }
      />
    </>
  );
}
