import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ADMIN_TOPUP_AMOUNT, type Customer } from '@walletscreen/contracts';

export type CustomerActionKind = 'topup' | 'block' | 'unblock';

export interface CustomerAction {
  kind: CustomerActionKind;
  customer: Customer;
}

const titles: Record<CustomerActionKind, string> = {
  topup: 'Top up checks',
  block: 'Block customer',
  unblock: 'Unblock customer',
};

function Question({ action }: { action: CustomerAction }) {
  const email = (
    <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
      {action.customer.email}
    </Text>
  );
  switch (action.kind) {
    case 'topup':
      return (
        <Text size="sm">
          Add {ADMIN_TOPUP_AMOUNT} premium checks to {email}? They are credited as bonus checks: spent first, they never expire.
        </Text>
      );
    case 'block':
      return <Text size="sm">Block {email}? They are signed out at their next request and cannot sign in, check wallets or buy plans until unblocked.</Text>;
    case 'unblock':
      return <Text size="sm">Unblock {email}? They can sign in and check wallets again.</Text>;
    default: {
      const _exhaustive: never = action.kind;
      return _exhaustive;
    }
  }
}

/** Every customer action is confirmed here first (spec §4): Cancel or Confirm. */
export function ConfirmActionModal({
  action,
  pending,
  onCancel,
  onConfirm,
}: {
  action: CustomerAction | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={action !== null} onClose={onCancel} title={action ? titles[action.kind] : ''} centered data-testid="confirm-action">
      {action ? (
        <Stack gap="lg">
          <Question action={action} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button color={action.kind === 'block' ? 'red' : undefined} onClick={onConfirm} loading={pending} data-autofocus>
              Confirm
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
