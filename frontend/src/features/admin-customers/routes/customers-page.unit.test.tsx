import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { AdminActionResponse, Customer } from '@walletscreen/contracts';
import { installFakeServer, signIn } from '../../../test/fake-server';
import { CustomersPage } from './customers-page';

const customer = (email: string, changes: Partial<Customer> = {}): Customer => ({
  id: `id-${email}`,
  email,
  username: email.split('@')[0]!,
  role: 'user',
  remaining_checks: 20,
  bonus_checks: 20,
  purchased_checks: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  suspended_api_keys: 0,
  ...changes,
});
const answer = (c: Customer, changes: Partial<AdminActionResponse> = {}): AdminActionResponse => ({
  id: c.id,
  email: c.email,
  role: c.role,
  remaining_checks: c.remaining_checks,
  bonus_checks: c.bonus_checks,
  changed: true,
  suspended_api_keys: c.suspended_api_keys,
  ...changes,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <CustomersPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Customers screen and API keys a block suspended', () => {
  let server: ReturnType<typeof installFakeServer>;
  beforeEach(() => signIn());
  afterEach(() => server.restore());

  it('says when blocking that the API keys are suspended too, and stay so after an unblock until re-enabled', async () => {
    const ana = customer('ana@bank.example');
    server = installFakeServer({ status: 200, json: [ana] });
    renderPage();
    fireEvent.click(within(await screen.findByRole('table', { name: 'Customers' })).getByRole('button', { name: 'Block ana@bank.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block customer' });
    within(dialog).getByText(/Their API keys are suspended too, and stay suspended after an unblock until you re-enable them/);
  });

  it('says when unblocking that the keys stay suspended, and offers Re-enable keys for an unblocked customer with suspended keys', async () => {
    const blocked = customer('bo@bank.example', { role: 'blocked', suspended_api_keys: 2 });
    const unblocked = customer('cy@bank.example', { suspended_api_keys: 2 });
    server = installFakeServer(
      { status: 200, json: [blocked, unblocked] },
      { status: 200, json: answer(unblocked, { suspended_api_keys: 0 }) },
      { status: 200, json: [blocked, { ...unblocked, suspended_api_keys: 0 }] },
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Customers' });
    fireEvent.click(within(table).getByRole('button', { name: 'Unblock bo@bank.example' }));
    within(await screen.findByRole('dialog', { name: 'Unblock customer' })).getByText(/Their API keys stay suspended: re-enable them afterwards/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    // Not offered while blocked: the keys stay suspended then.
    expect(within(table).queryByRole('button', { name: /Re-enable the 2 API keys of bo@bank\.example/ })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Re-enable the 2 API keys of cy@bank.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-enable API keys' });
    within(dialog).getByText(/Re-enable the 2 API keys of/);
    within(dialog).getByText(/A key revoked or expired since stays so/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.sent[1]).toMatchObject({ url: '/api/admin/reenable-api-keys/id-cy%40bank.example', method: 'POST' }));
    // The list is read again: nothing left to re-enable.
    await waitFor(() => expect(within(table).queryByRole('button', { name: /Re-enable/ })).toBeNull());
  });
});
