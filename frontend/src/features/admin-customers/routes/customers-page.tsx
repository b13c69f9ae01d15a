import { useEffect, useState } from 'react';
import { Button, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconSearch, IconUsers } from '@tabler/icons-react';
import type { AdminActionResponse } from '@walletscreen/contracts';
import { notifyDone, notifyFailure } from '../../../components/notify';
import { ClearableTextInput } from '../../../components/clearable-text-input';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { OffsetPager } from '../../../components/list-kit/pagination';
import { QueryStates } from '../../../components/list-kit/query-states';
import { PageHeader } from '../../../components/page-header';
import { isReadOnlySession } from '../../../lib/session';
import { useBlockCustomer } from '../api/block-customer';
import { useCustomers } from '../api/get-customers';
import { newTopUpKey, useTopUpCustomer } from '../api/top-up-customer';
import { useReenableApiKeys } from '../api/reenable-api-keys';
import { useUnblockCustomer } from '../api/unblock-customer';
import { AddAuditorModal } from '../components/add-auditor-modal';
import { apiKeysText, ConfirmActionModal, type CustomerAction, type CustomerActionInput } from '../components/confirm-action-modal';
import { CustomersList } from '../components/customers-table';

export const CUSTOMERS_PAGE_SIZE = 50;
/** The search is sent to the server once typing pauses. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What an unblock leaves suspended, said. */
const stillSuspended = (n: number) =>
  n === 0 ? '' : n === 1 ? ' 1 API key stays suspended: re-enable it from the list.' : ` ${n} API keys stay suspended: re-enable them from the list.`;

/** The suspended keys an answer leaves, said. */
const keysLeft = (r: AdminActionResponse) => (r.suspended_api_keys > 0 ? ` ${apiKeysText(r.suspended_api_keys)} suspended.` : '');

const done: Record<CustomerAction['kind'], (r: AdminActionResponse, input: CustomerActionInput) => string> = {
  topup: (r, input) => `${r.email} now has ${r.remaining_checks} checks left (+${input.amount}).`,
  block: (r) => `${r.email} is blocked.${keysLeft(r)}`,
  unblock: (r) => `${r.email} is unblocked.${stillSuspended(r.suspended_api_keys)}`,
  reenable: (r) => (r.changed ? `The API keys of ${r.email} work again.` : `${r.email} has no suspended API key.`),
};

/** Confirms an action, runs it, closes the modal and reloads the list; says how it went in a notification. */
function useCustomerActions() {
  const [action, setAction] = useState<(CustomerAction & { idempotencyKey: string }) | null>(null);
  const topUp = useTopUpCustomer();
  const block = useBlockCustomer();
  const unblock = useUnblockCustomer();
  const reenable = useReenableApiKeys();
  const pending = topUp.isPending || block.isPending || unblock.isPending || reenable.isPending;

  const confirm = (input: CustomerActionInput) => {
    if (!action) return;
    const { kind, customer, idempotencyKey } = action;
    const run =
      kind === 'topup'
        ? topUp.mutateAsync({ customerId: customer.id, amount: input.amount, reason: input.reason, idempotencyKey })
        : kind === 'block'
          ? block.mutateAsync({ customerId: customer.id, ...(input.reason ? { reason: input.reason } : {}) })
          : kind === 'unblock'
            ? unblock.mutateAsync(customer.id)
            : reenable.mutateAsync(customer.id);
    run.then(
      (result) => notifyDone(done[kind](result, input), 'Done'),
      // The spec shows no error here; a short notification says what went wrong anyway.
      notifyFailure('The action failed'),
    );
    setAction(null);
  };

  return {
    action,
    pending,
    open: (kind: CustomerAction['kind'], customer: CustomerAction['customer']) => setAction({ kind, customer, idempotencyKey: newTopUpKey() }),
    cancel: () => setAction(null),
    confirm,
  };
}

/**
 * /admin/customers: search by e-mail, the customers table and its actions (Top Up, Block, Unblock,
 * Re-enable keys), each confirmed, and Add auditor; an auditor sees the same list without any action.
 */
export function CustomersPage() {
  const actions = useCustomerActions();
  const readOnly = isReadOnlySession();
  const [addingAuditor, setAddingAuditor] = useState(false);
  const [search, setSearch] = useState('');
  const [email] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [offset, setOffset] = useState(0);
  useEffect(() => setOffset(0), [email]);
  const customers = useCustomers({ email, limit: CUSTOMERS_PAGE_SIZE, offset });

  return (
    <>
      <PageHeader
        title="Customers"
        description="Every account, its role and its remaining checks."
        actions={
          readOnly ? null : (
            <Button variant="default" leftSection={<IconEye size={16} aria-hidden="true" />} onClick={() => setAddingAuditor(true)}>
              Add auditor
            </Button>
          )
        }
      />
      <Paper p="md">
        <Stack gap="md">
          <ClearableTextInput
            label="Search by e-mail"
            placeholder="name@company.com"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            onClear={() => setSearch('')}
            maw={420}
          />
          <QueryStates
            query={customers}
            loading="Loading customers..."
            errorTitle="Could not load customers"
            isEmpty={(rows) => rows.length === 0}
            empty={<EmptyState icon={IconUsers} title="No customers found" description={email ? `No e-mail contains “${email}”.` : undefined} />}
          >
            {(rows) => (
              <>
                <CustomersList customers={rows} onAction={readOnly ? null : actions.open} />
                <OffsetPager offset={offset} count={rows.length} pageSize={CUSTOMERS_PAGE_SIZE} onChange={setOffset} />
              </>
            )}
          </QueryStates>
        </Stack>
      </Paper>
      <ConfirmActionModal action={actions.action} pending={actions.pending} onCancel={actions.cancel} onConfirm={actions.confirm} />
      <AddAuditorModal
        opened={addingAuditor}
        onClose={() => setAddingAuditor(false)}
        onCreated={(auditor) => {
          setAddingAuditor(false);
          notifyDone(`${auditor.email} can now sign in to the admin area (read-only).`, 'Auditor added');
        }}
      />
    </>
  );
}
