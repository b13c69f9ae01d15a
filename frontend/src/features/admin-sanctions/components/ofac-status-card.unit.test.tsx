import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SanctionsStatus } from '@walletscreen/contracts';
import { installFakeServer, signIn } from '../../../test/fake-server';
import { OfacStatusCard } from './ofac-status-card';

const loaded: SanctionsStatus = {
  loaded: true,
  source: 'OFAC SDN',
  publication_date: '2026-11-12',
  address_count: 812,
  list_hash: 'ab'.repeat(32),
  imported_at: '2026-11-13T03:00:00.000Z',
  last_sync_at: '2026-11-24T06:00:00.000Z',
  last_sync_result: 'failed',
  last_sync_error: 'download-failed',
  custom_lists: 0,
  format: 'SDN_ADVANCED.XML',
  publication_age_days: 12,
  last_import: {
    at: '2026-11-13T03:00:00.000Z',
    trigger: 'refresh',
    origin: 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN_ADVANCED.XML',
  },
  addresses: {
    listed: 812,
    screened: 790,
    cross_chain: 31,
    unscreenable: 22,
    unscreenable_tickers: [
      { ticker: 'XMR', count: 14 },
      { ticker: 'ZEC', count: 8 },
    ],
    delisted: 2,
  },
  last_failure: { at: '2026-11-24T06:00:00.000Z', trigger: 'refresh', code: 'download-failed', reason: 'download of https://… failed: getaddrinfo ENOTFOUND' },
};
const none: SanctionsStatus = {
  ...loaded,
  loaded: false,
  source: null,
  publication_date: null,
  address_count: 0,
  list_hash: null,
  imported_at: null,
  format: null,
  publication_age_days: null,
  last_import: null,
  addresses: { listed: 0, screened: 0, cross_chain: 0, unscreenable: 0, unscreenable_tickers: [], delisted: 0 },
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <OfacStatusCard />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the OFAC status card', () => {
  let server: ReturnType<typeof installFakeServer>;
  beforeEach(() => signIn());
  afterEach(() => server.restore());

  it('shows the list in force: source, publication date and age, last import and its source, and what its addresses cover', async () => {
    server = installFakeServer({ status: 200, json: loaded });
    renderCard();
    await screen.findByText('12.11.2026');
    expect(screen.getByText('published 12 days ago')).toBeTruthy();
    expect(screen.getByText('SDN_ADVANCED.XML')).toBeTruthy();
    expect(screen.getByText('13.11.2026 03:00 UTC')).toBeTruthy();
    expect(screen.getByText(/^downloaded from https:\/\/sanctionslistservice\.ofac\.treas\.gov\/.* by the automatic refresh$/)).toBeTruthy();
    expect(screen.getByText("790 screened, 31 of them under another chain than their ticker's; 22 cannot be screened")).toBeTruthy();
    expect(screen.getByText('Cannot be screened, on chains WalletScreen does not support: XMR 14, ZEC 8.')).toBeTruthy();
    expect(screen.getByText(/2 listings have left the list/)).toBeTruthy();
  });

  it('says a later failed attempt in words, as a note under the list, never as a raw code', async () => {
    server = installFakeServer({ status: 200, json: loaded });
    renderCard();
    const note = await screen.findByRole('status', { name: 'Last attempt' });
    expect(
      within(note).getByText(
        "The last automatic refresh on 24.11.2026 failed: OFAC's server could not be reached or did not deliver the list; the list above stays in force.",
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/download-failed|FAILED/);
  });

  it('tells the admin how to load a list when none is loaded', async () => {
    server = installFakeServer({ status: 200, json: none });
    renderCard();
    await screen.findByText('No list loaded');
    expect(screen.getByText('npm run sanctions:sync -- --file PATH')).toBeTruthy();
    expect(screen.getByText(/The last automatic refresh on 24\.11\.2026 failed: .*\.$/)).toBeTruthy();
  });

  it('offers an OFAC file upload with the allow-older choice, labelled', async () => {
    server = installFakeServer({ status: 200, json: loaded });
    renderCard();
    const form = await screen.findByRole('form', { name: 'Load an OFAC file' });
    expect(within(form).getByLabelText('OFAC file')).toBeTruthy();
    expect(within(form).getByRole('checkbox', { name: /Replace the list in force even though this file is older/ })).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Load OFAC file' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
