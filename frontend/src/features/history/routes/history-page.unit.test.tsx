import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { installFakeServer, signIn } from '../../../test/fake-server';
import { HistoryPage } from './history-page';

const ROW = {
  id: '0f6d0f43-5a61-4c5e-9a37-2b8f3c1d9e01',
  wallet_address: '0x8f3A21c6B7e94D05a1Cc92E4f7b60D3e5A9c41B2',
  network: 'ethereum',
  risk_level: 'High Risk',
  risk_score: 71,
  aml_status: 'Non-compliant',
  created_at: '15.01.26 09:30',
  created_at_iso: '2026-01-15T09:30:00.000Z',
  access: '',
  status: 'completed',
};
const DETAIL = {
  ...ROW,
  jurisdiction: '',
  sanctions: 'Listed on OFAC SDN',
  source_of_funds: 'Mixers (40%)',
  recommendation: 'Reject the transaction.',
  wallet_age: '3 months',
  linked_wallets: [],
  aml_report: '1. Overview\nA flagged wallet.',
  external_links: {},
  chainabuse_report: '',
  missing_evidence: [],
  linked_wallets_details: [],
  fund_flow: null,
};
const EMAIL = 'ana@exchange.example';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <HistoryPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** A session as the server's admin sign-in leaves it: the role it answered with. */
function signInAs(role: 'admin' | 'auditor') {
  signIn();
  window.localStorage.setItem('userRole', role);
}

describe('History, one page for customers and admins', () => {
  let server: ReturnType<typeof installFakeServer>;
  afterEach(() => {
    server.restore();
    window.localStorage.clear();
  });

  it("shows a customer their own checks: the customer's endpoints, no e-mail column or filter, and cases opened from the Details", async () => {
    signIn();
    server = installFakeServer({ status: 200, json: [ROW] }, { status: 200, json: DETAIL });
    renderPage();
    screen.getByRole('heading', { name: 'Wallet Checks History' });
    const table = await screen.findByTestId('history-table');
    expect(within(table).getAllByTestId('history-row')).toHaveLength(1);
    expect(within(table).queryByRole('columnheader', { name: 'Email' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(server.sent[0]!.url).toBe('/api/transactions/history?limit=10&offset=0');

    fireEvent.click(within(within(table).getByTestId('history-row')).getByRole('button', { name: /details/i }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Listed on OFAC SDN');
    expect(server.sent[1]!.url).toBe(`/api/transactions/history/${ROW.id}`);
    within(dialog).getByRole('button', { name: 'Open a case' });
    expect(within(dialog).queryByRole('link', { name: 'Evidence & replay' })).toBeNull();
  });

  it("shows an admin every user's checks with their e-mail: the admin endpoints, the Email filter, and the evidence from the Details", async () => {
    signInAs('admin');
    server = installFakeServer(
      { status: 200, json: [{ ...ROW, user_email: EMAIL }] },
      { status: 200, json: [{ ...ROW, user_email: EMAIL }] },
      { status: 200, json: { ...DETAIL, user_email: EMAIL } },
    );
    renderPage();
    screen.getByRole('heading', { name: 'Admin: Wallet Checks History', level: 1 });
    const table = await screen.findByTestId('history-table');
    within(table).getByRole('columnheader', { name: 'Email' });
    expect(within(table).getByTestId('history-email').textContent).toBe(EMAIL);
    expect(server.sent[0]!.url).toBe('/api/admin/transactions?limit=10&offset=0');

    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: ' ana@ ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('history-table');
    await within(screen.getByTestId('history-table')).findByTestId('history-row');
    expect(server.sent[1]!.url).toBe('/api/admin/transactions?limit=10&offset=0&email=ana%40');

    fireEvent.click(within(within(screen.getByTestId('history-table')).getByTestId('history-row')).getByRole('button', { name: /details/i }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Listed on OFAC SDN');
    expect(server.sent[2]!.url).toBe(`/api/admin/transactions/${ROW.id}`);
    within(dialog).getAllByText(EMAIL);
    expect(within(dialog).getByRole('link', { name: 'Evidence & replay' }).getAttribute('href')).toBe(`/admin/checks/${ROW.id}`);
    within(dialog).getByRole('button', { name: 'Open a case' });
  });

  it('lets an auditor read every check but open no case', async () => {
    signInAs('auditor');
    server = installFakeServer({ status: 200, json: [{ ...ROW, user_email: EMAIL }] }, { status: 200, json: { ...DETAIL, user_email: EMAIL } });
    renderPage();
    const table = await screen.findByTestId('history-table');
    expect(server.sent[0]!.url).toBe('/api/admin/transactions?limit=10&offset=0');
    fireEvent.click(within(within(table).getByTestId('history-row')).getByRole('button', { name: /details/i }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Listed on OFAC SDN');
    within(dialog).getByText('No case is open on this check.');
    expect(within(dialog).queryByRole('button', { name: 'Open a case' })).toBeNull();
  });

  it('says "No results found" when there is nothing, and loads again after a failure with Try again', async () => {
    signIn();
    server = installFakeServer({ status: 500, json: { error: 'The database is unavailable' } }, { status: 200, json: [] });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage();
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Could not load the history');
    within(alert).getByText('The database is unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('history-empty')).textContent).toBe('No results found');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('offers Load More while the last page was full and appends the next page', async () => {
    signIn();
    const page = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ ...ROW, id: `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}` }));
    server = installFakeServer({ status: 200, json: page(0, 10) }, { status: 200, json: page(10, 3) });
    renderPage();
    const table = await screen.findByTestId('history-table');
    expect(within(table).getAllByTestId('history-row')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(table).getAllByTestId('history-row')).toHaveLength(13));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(server.sent[1]!.url).toBe('/api/transactions/history?limit=10&offset=10');
  });
});
