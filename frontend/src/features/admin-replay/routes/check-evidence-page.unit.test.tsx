import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AdminActionResponse, CheckCharge, CheckEvents } from '@walletscreen/contracts';
import { installFakeServer, signIn } from '../../../test/fake-server';
import { CheckEvidencePage } from './check-evidence-page';

const checkId = '6f88706d-07fa-82a3-9912-801aac5bdf72';
const charged: CheckCharge = { status: 'charged', source: 'bonus', refunded_at: null, refund_reason: null, refunded_by: null };
const refunded: CheckCharge = {
  status: 'refunded',
  source: 'bonus',
  refunded_at: '2026-12-05T07:10:00.000Z',
  refund_reason: 'Incomplete under 6a7b2fd',
  refunded_by: 'admin@walletscreen.test',
};
const events = (charge: CheckCharge): CheckEvents => ({
  check_id: checkId,
  status: 'completed',
  events: [],
  versions: {
    risk_model: 'walletscreen-risk-3.1.0',
    risk_profile: null,
    sanctions_list_loaded: true,
    sanctions_list: null,
    custom_lists: [],
    intelligence: { labels_version: null, chainabuse: null },
    feeds: [],
    blockchain_provider: null,
    trace: null,
    reused_blockchain_data_of: null,
    writer: 'rule-based',
  },
  charge,
});
const customer: AdminActionResponse = {
  id: 'c8863277-68a3-89f6-8361-2bd0e5df7bee',
  email: 'alice@exchange.example',
  role: 'user',
  remaining_checks: 27,
  bonus_checks: 27,
  changed: true,
  suspended_api_keys: 0,
};

function renderPage(role: 'admin' | 'auditor') {
  signIn();
  window.localStorage.setItem('userRole', role);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/admin/checks/${checkId}`]}>
          <Routes>
            <Route path="/admin/checks/:checkId" element={<CheckEvidencePage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const chargeSection = () => screen.findByRole('region', { name: /^Charge/ });
const refundButton = () => screen.queryByRole('button', { name: 'Refund this check…' });

describe("the check's screen and its refund", () => {
  let server: ReturnType<typeof installFakeServer>;
  afterEach(() => {
    server.restore();
    window.localStorage.clear();
  });

  it('offers an admin the refund of a check charged and not refunded, asks for a reason, and shows it refunded after', async () => {
    server = installFakeServer({ status: 200, json: events(charged) }, { status: 200, json: customer }, { status: 200, json: events(refunded) });
    renderPage('admin');
    within(await chargeSection()).getByText(/paid one bonus check for it, and it was not refunded/);
    fireEvent.click(refundButton()!);
    const dialog = await screen.findByRole('dialog', { name: 'Refund this check' });
    // No reason: said under the field, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund check' }));
    await within(dialog).findByText('Give a reason');
    expect(server.sent).toHaveLength(1);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: ' Incomplete under 6a7b2fd ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund check' }));
    await waitFor(() =>
      expect(server.sent[1]).toMatchObject({ url: `/api/admin/checks/${checkId}/refund`, method: 'POST', body: { reason: 'Incomplete under 6a7b2fd' } }),
    );
    // The check's screen is loaded again: refunded, by the admin, with no refund to offer.
    await within(await chargeSection()).findByText(
      /went back to the customer on 05\.12\.2026 07:10 UTC, by admin@walletscreen\.test: Incomplete under 6a7b2fd/,
    );
    expect(within(await chargeSection()).getByTestId('charge-status').textContent).toBe('Refunded');
    expect(refundButton()).toBeNull();
  });

  it('shows a refusal of the server above the form (refunded already, say), leaving the form open', async () => {
    const refusal = { error: 'This check was refunded already, on 2026-12-05 07:10 UTC by admin@walletscreen.test: Incomplete under 6a7b2fd' };
    server = installFakeServer({ status: 200, json: events(charged) }, { status: 409, json: refusal }, { status: 200, json: events(refunded) });
    renderPage('admin');
    await chargeSection();
    fireEvent.click(refundButton()!);
    const dialog = await screen.findByRole('dialog', { name: 'Refund this check' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund check' }));
    await within(dialog).findByText(refusal.error);
  });

  it('offers no refund to an auditor, who reads only', async () => {
    server = installFakeServer({ status: 200, json: events(charged) });
    renderPage('auditor');
    within(await chargeSection()).getByText(/paid one bonus check for it/);
    expect(refundButton()).toBeNull();
  });

  it('offers no refund of a check refunded already', async () => {
    server = installFakeServer({ status: 200, json: events(refunded) });
    renderPage('admin');
    within(await chargeSection()).getByText(/by admin@walletscreen\.test: Incomplete under 6a7b2fd/);
    expect(refundButton()).toBeNull();
  });

  it('offers no refund of a free re-screen', async () => {
    server = installFakeServer({ status: 200, json: events({ ...charged, status: 'free', source: null }) });
    renderPage('admin');
    within(await chargeSection()).getByText(/A re-screen after a list change: nothing was charged/);
    expect(refundButton()).toBeNull();
  });
});
