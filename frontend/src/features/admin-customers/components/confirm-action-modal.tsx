import { useEffect, useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import {
  ADMIN_BLOCK_REASON,
  ADMIN_REASON_MAX,
  ADMIN_TOPUP_AMOUNT,
  ADMIN_TOPUP_REASON,
  roleChangeRequestSchema,
  topUpRequestSchema,
  TOPUP_MAX,
  type Customer,
} from '@walletscreen/contracts';
import { ReasonField } from './reason-field';

export type CustomerActionKind = 'topup' | 'block' | 'unblock' | 'reenable';

export interface CustomerAction {
  kind: CustomerActionKind;
  customer: Customer;
}

/** What the admin entered in the modal: the top-up's amount and note, or the block's reason (empty: the default text). */
export interface CustomerActionInput {
  amount: number;
  reason: string;
}

const titles: Record<CustomerActionKind, string> = {
  topup: 'Top up checks',
  block: 'Block customer',
  unblock: 'Unblock customer',
  reenable: 'Re-enable API keys',
};

/** `1 API key`, `3 API keys`. */
export const apiKeysText = (n: number) => (n === 1 ? '1 API key' : `${n} API keys`);

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
          Add premium checks to {email}? They are credited as bonus checks: spent first, they never expire. The note is recorded with the top-up.
        </Text>
      );
    case 'block':
      return (
        <Text size="sm">
          Block {email}? They are signed out at their next request and cannot sign in, check wallets or buy plans until unblocked. Their API keys are suspended
          too, and stay suspended after an unblock until you re-enable them. They are told the reason you give.
        </Text>
      );
    case 'unblock':
      return (
        <Text size="sm">
          Unblock {email}? They can sign in and check wallets again. Their API keys stay suspended: re-enable them afterwards if they should work again, or the
          customer creates new ones.
        </Text>
      );
    case 'reenable':
      return (
        <Text size="sm">
          Re-enable the {apiKeysText(action.customer.suspended_api_keys)} of {email} that the block suspended? They work again at once. A key revoked or expired
          since stays so.
        </Text>
      );
    default: {
      const _exhaustive: never = action.kind;
      return _exhaustive;
    }
  }
}

/** The first message of a failed parse (the shared schema's own wording), or null. */
function problem(parsed: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return parsed.success ? null : (parsed.error?.issues[0]?.message ?? null);
}

/**
 * Every customer action is confirmed here first (spec §4): Cancel or Confirm. A top-up takes its
 * amount (1 to 10,000; 10 unless changed) and a note (the recorded reason); a block, the reason the
 * customer is told (the default text when left empty).
 */
export function ConfirmActionModal({
  action,
  pending,
  onCancel,
  onConfirm,
}: {
  action: CustomerAction | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (input: CustomerActionInput) => void;
}) {
  const [amount, setAmount] = useState<string | number>(ADMIN_TOPUP_AMOUNT);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const kind = action?.kind;
  useEffect(() => {
    setAmount(ADMIN_TOPUP_AMOUNT);
    setReason(kind === 'topup' ? ADMIN_TOPUP_REASON : '');
    setTouched(false);
  }, [action, kind]);

  const amountError = kind === 'topup' ? problem(topUpRequestSchema.shape.amount.safeParse(typeof amount === 'number' ? amount : Number.NaN)) : null;
  const reasonError =
    kind === 'topup'
      ? problem(topUpRequestSchema.shape.reason.safeParse(reason))
      : problem(roleChangeRequestSchema.safeParse({ reason: reason.trim() || undefined }));
  const confirm = () => {
    setTouched(true);
    if (amountError || reasonError) return;
    onConfirm({ amount: typeof amount === 'number' ? amount : ADMIN_TOPUP_AMOUNT, reason: reason.trim() });
  };

  return (
    <Modal opened={action !== null} onClose={onCancel} title={action ? titles[action.kind] : ''} centered data-testid="confirm-action">
      {action ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <Stack gap="lg">
            <Question action={action} />
            {action.kind === 'topup' ? (
              <>
                <NumberInput
                  label="Checks to add"
                  withAsterisk
                  min={1}
                  max={TOPUP_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  value={amount}
                  onChange={setAmount}
                  error={touched || amount !== ADMIN_TOPUP_AMOUNT ? amountError : null}
                  description={`1 to ${TOPUP_MAX.toLocaleString('en-US')}`}
                  data-autofocus
                />
                <TextInput
                  label="Note"
                  description="Why: recorded with the top-up in the audit log"
                  withAsterisk
                  maxLength={ADMIN_REASON_MAX}
                  value={reason}
                  onChange={(event) => setReason(event.currentTarget.value)}
                  error={touched ? reasonError : null}
                />
              </>
            ) : null}
            {action.kind === 'block' ? (
              <ReasonField
                description="Told to the customer when they try to sign in; recorded in the audit log"
                recordedWhenEmpty={ADMIN_BLOCK_REASON}
                value={reason}
                onChange={setReason}
                error={touched ? reasonError : null}
              />
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel} disabled={pending}>
                Cancel
              </Button>
              <Button
                type="submit"
                color={action.kind === 'block' ? 'red' : undefined}
                loading={pending}
                data-autofocus={action.kind === 'unblock' || action.kind === 'reenable' || undefined}
              >
                Confirm
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
