import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { IconShieldPlus, IconUserMinus } from '@tabler/icons-react';
import { ADMIN_REMOVED_REASON, type AdminMember } from '@walletscreen/contracts';
import { notifyDone, notifyFailure } from '../../../components/notify';
import { QueryStates } from '../../../components/list-kit/query-states';
import { scrollRegion } from '../../../components/list-kit/scroll-region';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { useProfile } from '../../../lib/get-profile';
import { isReadOnlySession } from '../../../lib/session';
import { useRemoveAdmin, useAdmins } from '../api/admins';
import { AddAdminModal } from '../components/add-admin-modal';
import { ReasonField } from '../components/reason-field';

const ok = (message: string) => notifyDone(message, 'Done');
const failed = notifyFailure('The change failed');

/** Confirms a removal, with an optional reason (recorded in the audit log). */
function RemoveAdminModal({ admin, onClose }: { admin: AdminMember | null; onClose: () => void }) {
  const remove = useRemoveAdmin();
  const [reason, setReason] = useState('');
  const close = () => {
    if (remove.isPending) return;
    setReason('');
    onClose();
  };
  const confirm = () => {
    if (!admin) return;
    remove.mutate(
      { id: admin.id, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => ok(`${admin.email} is no longer an admin.`),
        onError: failed,
        onSettled: () => {
          setReason('');
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={admin !== null} onClose={close} title="Remove admin" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {admin ? (
        <Stack gap="md">
          <Text size="sm">
            Remove{' '}
            <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
              {admin.email}
            </Text>{' '}
            as an admin? The account stays, as an ordinary customer account. At least one admin always remains.
          </Text>
          <ReasonField description="Recorded in the audit log" recordedWhenEmpty={ADMIN_REMOVED_REASON} value={reason} onChange={setReason} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              Remove
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/**
 * /admin/admins: who the admins are; an admin adds one (a new account, or an existing one) or
 * removes one (never themselves; at least one always remains). Auditors see the list only.
 */
export function AdminsPage() {
  const admins = useAdmins();
  const me = useProfile().data?.email;
  const readOnly = isReadOnlySession();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AdminMember | null>(null);

  return (
    <>
      <PageHeader
        title="Admins"
        description="Who can change customers, plans, lists and other admins. Every change is recorded in the audit log."
        actions={
          readOnly ? null : (
            <Button leftSection={<IconShieldPlus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
              Add admin
            </Button>
          )
        }
      />
      <Paper p="md">
        <QueryStates query={admins} loading="Loading admins..." errorTitle="Could not load the admins">
          {(rows) => (
            <Table.ScrollContainer minWidth={480} scrollAreaProps={scrollRegion('Admins table')}>
              <Table striped verticalSpacing="sm" aria-label="Admins">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Email</Table.Th>
                    <Table.Th scope="col">Admin since</Table.Th>
                    {readOnly ? null : (
                      <Table.Th scope="col" ta="right">
                        Actions
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((admin) => (
                    <Table.Tr key={admin.id} data-testid="admin-row" data-email={admin.email}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                            {admin.email}
                          </Text>
                          {admin.email === me ? (
                            <Badge size="sm" variant="light">
                              You
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{admin.since ? formatDate(admin.since) : 'Before the admin list was kept'}</Text>
                      </Table.Td>
                      {readOnly ? null : (
                        <Table.Td ta="right">
                          {admin.email === me || rows.length <= 1 ? null : (
                            <Button
                              size="xs"
                              variant="default"
                              color="red"
                              leftSection={<IconUserMinus size={14} aria-hidden="true" />}
                              onClick={() => setRemoving(admin)}
                              aria-label={`Remove ${admin.email} as an admin`}
                            >
                              Remove
                            </Button>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryStates>
      </Paper>
      <AddAdminModal
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(email) => {
          setAdding(false);
          ok(`${email} is now an admin.`);
        }}
      />
      <RemoveAdminModal admin={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
