import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconCoin, IconEye, IconShieldSearch } from '@tabler/icons-react';
import { rescreenPricing, type Watch } from '@walletscreen/contracts';
import { Link } from 'react-router';
import { notifyDone, notifyFailure } from '../../../components/notify';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { QueryStates } from '../../../components/list-kit/query-states';
import { PageHeader } from '../../../components/page-header';
import { useWatchlist } from '../api/get-watchlist';
import { useUnwatchWallet } from '../api/unwatch-wallet';
import { useUpdateWatch } from '../api/update-watch';
import { EditWatchModal } from '../components/edit-watch-modal';
import { WatchlistTable } from '../components/watchlist-table';

/** The pricing rule of re-screens, as the server enforces it. */
function PricingRule() {
  return (
    <Alert color="accent" variant="light" icon={<IconCoin size={18} aria-hidden="true" />} title="What re-screens cost" data-testid="rescreen-pricing">
      <List size="sm" spacing={4}>
        <List.Item>{rescreenPricing.scheduled}</List.Item>
        <List.Item>{rescreenPricing.listChange}</List.Item>
      </List>
    </Alert>
  );
}

/** /dashboard/watchlist: the watched wallets, their last verdict and next re-screen; edit the interval; unwatch. */
export function WatchlistPage() {
  const watchlist = useWatchlist();
  const update = useUpdateWatch();
  const unwatch = useUnwatchWallet();
  const [editing, setEditing] = useState<Watch | null>(null);
  const [removing, setRemoving] = useState<Watch | null>(null);

  return (
    <>
      <PageHeader
        title="Watchlist"
        description="Watched wallets are re-screened on their schedule and at once when a sanctions or custom list changes; a changed verdict raises an alert."
      />
      <Stack gap="md">
        <PricingRule />
        <Paper p="md">
          <QueryStates
            query={watchlist}
            loading="Loading the watchlist..."
            errorTitle="Could not load the watchlist"
            isEmpty={(list) => list.items.length === 0}
            empty={
              <EmptyState
                icon={IconEye}
                title="No watched wallets yet"
                description="Check a wallet and choose “Watch this wallet” on its result: it is re-screened on a schedule and whenever a sanctions list changes, and you get an alert when its verdict changes."
                action={
                  <Button variant="light" component={Link} to="/dashboard/wallet-checker" leftSection={<IconShieldSearch size={16} aria-hidden="true" />}>
                    Check a wallet
                  </Button>
                }
              />
            }
            gap={0}
          >
            {(list) => (
              <>
                <Text size="sm" c="dimmed" className="ws-tabular" mb="xs" data-testid="watchlist-count">
                  {list.total.toLocaleString('en-US')} of at most {list.limit.toLocaleString('en-US')} wallets watched
                </Text>
                <WatchlistTable
                  watches={list.items}
                  onEdit={(w) => {
                    update.reset();
                    setEditing(w);
                  }}
                  onUnwatch={setRemoving}
                />
              </>
            )}
          </QueryStates>
        </Paper>
      </Stack>
      <EditWatchModal
        watch={editing}
        pending={update.isPending}
        error={update.error ? update.error.message : null}
        onCancel={() => setEditing(null)}
        onSave={(body) =>
          editing &&
          update.mutate(
            { id: editing.id, body },
            {
              onSuccess: () => {
                setEditing(null);
                notifyDone('The watched wallet was updated.', 'Saved');
              },
            },
          )
        }
      />
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Unwatch wallet" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {removing ? (
          <Stack gap="lg">
            <Text size="sm">
              Stop watching{' '}
              <span className="ws-mono" style={{ overflowWrap: 'anywhere' }}>
                {removing.address}
              </span>
              ? It is no longer re-screened and raises no new alerts; its alerts stay in the inbox.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setRemoving(null)} disabled={unwatch.isPending} data-autofocus>
                Cancel
              </Button>
              <Button
                color="red"
                loading={unwatch.isPending}
                onClick={() =>
                  unwatch.mutate(removing.id, {
                    onSuccess: () => notifyDone('The wallet is no longer watched.', 'Unwatched'),
                    onError: notifyFailure('Could not unwatch the wallet'),
                    onSettled: () => setRemoving(null),
                  })
                }
              >
                Unwatch
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
