import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AccountSession } from '@walletscreen/contracts';
import { notifyDone, notifyFailure } from '../../../components/notify';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { QueryStates } from '../../../components/list-kit/query-states';
import { formatDateTime } from '../../../lib/format-date';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useAccountSessions } from '../api/get-sessions';

function SessionRow({ session, onEnd, ending }: { session: AccountSession; onEnd: (s: AccountSession) => void; ending: boolean }) {
  return (
    <Table.Tr data-testid="session-row" data-current={session.current || undefined}>
      <Table.Td>
        <Group gap={8} wrap="nowrap">
          <Text size="sm" fw={500}>
            {session.device || 'Unknown device'}
          </Text>
          {session.current ? (
            <Badge size="sm" variant="light">
              This browser
            </Badge>
          ) : null}
          {session.area === 'admin' ? (
            <Badge size="sm" variant="outline" color="gray">
              Admin
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td className="ws-tabular">{session.ip}</Table.Td>
      <Table.Td ta="right" className="ws-tabular">
        {formatDateTime(session.started_at)}
      </Table.Td>
      <Table.Td ta="right">
        {session.current ? null : (
          <Button
            size="xs"
            variant="default"
            loading={ending}
            onClick={() => onEnd(session)}
            aria-label={`Sign out ${session.device || 'session'} from ${session.ip}, signed in ${formatDateTime(session.started_at)}`}
          >
            Sign out
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The open sessions (newest first, this browser's marked), with "Sign out" per session and "Sign out all other sessions". */
export function SessionsPanel() {
  const sessions = useAccountSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();

  const endOne = (s: AccountSession) =>
    end.mutate(s.id, {
      onSuccess: () => notifyDone(`${s.device || 'The session'} was signed out.`),
      onError: notifyFailure('Could not sign out that session'),
    });
  const endAll = () =>
    endOthers.mutate(undefined, {
      onSuccess: (answer) => notifyDone(answer.message),
      onError: notifyFailure('Could not sign out the other sessions'),
    });

  return (
    <QueryStates query={sessions} loading="Loading sessions..." errorTitle="Could not load your sessions" py="lg">
      {(found) => {
        const list = found.sessions;
        return (
          <>
            {list.length === 0 ? (
              <EmptyState title="No other open sessions." compact />
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing="sm" aria-label="Active sessions">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Device</Table.Th>
                      <Table.Th scope="col">IP address</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Signed in
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((s) => (
                      <SessionRow key={s.id} session={s} onEnd={endOne} ending={end.isPending && end.variables === s.id} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="dimmed">
                Times in UTC. A session ends when you sign out of it, or 100 minutes after it started.
              </Text>
              <Button
                variant="default"
                color="red"
                onClick={endAll}
                loading={endOthers.isPending}
                disabled={list.every((s) => s.current) && found.current_listed}
              >
                Sign out all other sessions
              </Button>
            </Group>
          </>
        );
      }}
    </QueryStates>
  );
}
