import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { installFakeServer, signIn } from '../../../test/fake-server';
import { historyScopeOf } from '../history-scope';
import { HistoryDetailsModal } from './history-details-modal';

const DETAIL = {
  id: 'c-1',
  wallet_address: '0x8f3A21c6B7e94D05a1Cc92E4f7b60D3e5A9c41B2',
  network: 'ethereum',
  risk_level: 'High Risk',
  risk_score: 71,
  aml_status: 'Non-compliant',
  created_at: '15.01.26 09:30',
  created_at_iso: '2026-01-15T09:30:00.000Z',
  access: '',
  status: 'completed',
  jurisdiction: '',
  sanctions: 'Listed on OFAC SDN',
  source_of_funds: 'Mixers (40%)',
  recommendation: 'Reject the transaction.',
  wallet_age: '3 months',
  linked_wallets: [],
  aml_report: '1. Overview\nA flagged wallet.\n2. Sanctions Screening\nOne match.',
  external_links: {},
  chainabuse_report: '',
  missing_evidence: [],
  linked_wallets_details: [],
  fund_flow: null,
};

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <HistoryDetailsModal scope={historyScopeOf(null)} checkId="c-1" onClose={() => undefined} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Details modal', () => {
  let server: ReturnType<typeof installFakeServer>;
  beforeEach(() => signIn());
  afterEach(() => server.restore());

  it('shows the check and its report, numbered lines as headings', async () => {
    server = installFakeServer({ status: 200, json: DETAIL });
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Check c-1 details' });
    await within(dialog).findByText('Listed on OFAC SDN');
    expect(server.sent[0]!.url).toBe('/api/transactions/history/c-1');
    within(dialog).getByText('High Risk');
    within(dialog).getByText('Non-compliant');
    within(dialog).getByText('None');
    within(dialog).getByText('Standard');
    within(dialog).getByText('15.01.2026 09:30');
    within(dialog).getByText('71 / 100');
    expect(within(dialog).getAllByText('Unknown')).toHaveLength(1);
    const report = within(dialog).getByRole('region', { name: 'AML report text' });
    expect(Array.from(report.querySelectorAll('[data-block="heading"]')).map((n) => n.textContent)).toEqual(['1. Overview', '2. Sanctions Screening']);
    expect(report.querySelectorAll('[data-block="paragraph"]')).toHaveLength(2);
    expect((within(dialog).getByRole('button', { name: 'Download AML Report' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers to open a case on a check without one', async () => {
    server = installFakeServer({ status: 200, json: DETAIL });
    renderModal();
    const section = await screen.findByRole('region', { name: 'Case' });
    within(section).getByText('No case is open on this check.');
    within(section).getByRole('button', { name: 'Open a case' });
  });

  it("shows the case's decision, its reason, who decided and when, who closed it and who approved, with a link to the case", async () => {
    const decided = {
      id: '7d7c4f0e-1b7a-4a63-9d59-8f4f0a2b6c11',
      status: 'closed',
      decision: 'report',
      reason: 'Direct OFAC SDN match; SAR filed',
      decided_by: 'officer@exchange.example',
      decided_at: '2026-01-16T10:05:00.000Z',
      closed_by: 'officer@exchange.example',
      close_approved_by: 'admin@walletscreen.example',
      closed_at: '2026-01-16T11:00:00.000Z',
    };
    server = installFakeServer({ status: 200, json: { ...DETAIL, case: decided } });
    renderModal();
    const section = await screen.findByRole('region', { name: 'Case' });
    within(section).getByText('Closed');
    within(section).getByText('Decision: Report');
    within(section).getByText('Direct OFAC SDN match; SAR filed', { exact: false });
    expect(within(section).getByTestId('details-case-decided').textContent).toBe('Decided by officer@exchange.example on 16.01.2026 10:05 UTC');
    expect(within(section).getByTestId('details-case-closed').textContent).toBe(
      'Closed on 16.01.2026 11:00 UTC by officer@exchange.example, approved by admin@walletscreen.example',
    );
    expect(within(section).getByRole('link', { name: 'Open the case' }).getAttribute('href')).toBe(`/dashboard/cases/${decided.id}`);
    expect(within(section).queryByRole('button', { name: 'Open a case' })).toBeNull();
  });

  it('says "No report available" and disables the download without a report', async () => {
    server = installFakeServer({ status: 200, json: { ...DETAIL, aml_report: '' } });
    renderModal();
    await screen.findByText('No report available');
    expect((screen.getByRole('button', { name: 'Download AML Report' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "Failed to load transaction details." when the detail cannot be loaded', async () => {
    server = installFakeServer({ status: 404, json: { error: 'No such check' } });
    renderModal();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load transaction details.');
  });
});
