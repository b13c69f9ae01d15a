import { useState } from 'react';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { IconEye, IconEyeCheck } from '@tabler/icons-react';
import { rescreenPricing, type Network } from '@walletscreen/contracts';
import { Link } from 'react-router';
import { useWatchWallet } from '../api/watch-wallet';

/** "Watch this wallet" on a result: re-screened daily and on list changes, compared with this check. Keyed by the check, so a new result starts afresh. */
export function WatchWalletButton({ address, network, checkId }: { address: string; network: Network; checkId: string }) {
  const watch = useWatchWallet();
  const [watched, setWatched] = useState(false);
  return (
    <Paper p="md" data-testid="watch-wallet">
      <Group justify="space-between" gap="md">
        <Text size="sm" c="dimmed" maw={720}>
          Watch this wallet to re-screen it daily and whenever a sanctions list changes, and get an alert when its verdict changes.{' '}
          {rescreenPricing.scheduled.split('.')[0]}; re-screens for list changes are free.
        </Text>
        {watched ? (
          <Group gap="xs">
            <IconEyeCheck size={18} aria-hidden="true" color="var(--mantine-color-teal-6)" />
            <Text size="sm" role="status">
              Watching.{' '}
              <Anchor component={Link} to="/dashboard/watchlist">
                Open the watchlist
              </Anchor>
            </Text>
          </Group>
        ) : (
          <Button
            variant="light"
            leftSection={<IconEye size={16} aria-hidden="true" />}
            loading={watch.isPending}
            onClick={() => watch.mutate({ address, network, check_id: checkId }, { onSuccess: () => setWatched(true) })}
          >
            Watch this wallet
          </Button>
        )}
      </Group>
      {watch.error ? (
        <Text size="sm" c="red" role="alert" mt="xs">
          {watch.error.message}
        </Text>
      ) : null}
    </Paper>
  );
}
