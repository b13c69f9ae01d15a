import { render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { noSanctionsListMessage } from '@walletscreen/contracts';
import { installFakeServer, signIn } from '../../../test/fake-server';
import { SanctionsListWarning } from './sanctions-list-warning';

const none = {
  loaded: false,
  source: null,
  publication_date: null,
  address_count: 0,
  list_hash: null,
  imported_at: null,
  last_sync_at: '2026-11-22T10:00:00.000Z',
  last_sync_result: 'failed',
  last_sync_error: 'download-failed',
  custom_lists: 0,
  format: null,
  publication_age_days: null,
  last_import: null,
  addresses: { listed: 0, screened: 0, cross_chain: 0, unscreenable: 0, unscreenable_tickers: [], delisted: 0 },
  last_failure: { at: '2026-11-22T10:00:00.000Z', trigger: 'refresh', code: 'download-failed', reason: null },
};
const loaded = {
  ...none,
  loaded: true,
  source: 'OFAC SDN',
  publication_date: '2026-11-20',
  address_count: 812,
  list_hash: 'ab'.repeat(32),
  imported_at: '2026-11-21T03:00:00.000Z',
  last_sync_result: 'unchanged',
  last_sync_error: null,
  format: 'SDN_ADVANCED.XML',
  publication_age_days: 2,
  last_import: { at: '2026-11-21T03:00:00.000Z', trigger: 'refresh', origin: null },
  addresses: { listed: 812, screened: 790, cross_chain: 20, unscreenable: 22, unscreenable_tickers: [{ ticker: 'XMR', count: 22 }], delisted: 0 },
  last_failure: null,
};

function renderWarning() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <SanctionsListWarning />
        <p>form</p>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the sanctions list warning', () => {
  let server: ReturnType<typeof installFakeServer>;
  beforeEach(() => signIn());
  afterEach(() => server.restore());

  it('says plainly that checks cannot screen against sanctions while no list is loaded', async () => {
    server = installFakeServer({ status: 200, json: none });
    renderWarning();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(noSanctionsListMessage);
    // Customers are not told about configuration or commands.
    expect(alert.textContent).not.toMatch(/npm|OFAC_SDN_URL|sanctions:sync|_URL/);
    expect(alert.textContent).toContain('Sanctions screening unavailable');
    expect(server.sent[0]).toMatchObject({ url: '/api/sanctions/status', method: 'GET' });
    expect(server.sent[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it('shows nothing when a list is loaded', async () => {
    server = installFakeServer({ status: 200, json: loaded });
    renderWarning();
    await waitFor(() => expect(server.sent).toHaveLength(1));
    await screen.findByText('form');
    // Let the answer land before looking.
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing when the status cannot be fetched', async () => {
    server = installFakeServer({ status: 500, json: { error: 'Something went wrong. Please try again.' } });
    renderWarning();
    await waitFor(() => expect(server.sent).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
