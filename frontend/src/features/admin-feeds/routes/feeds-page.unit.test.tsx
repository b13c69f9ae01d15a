import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FeedsStatusResponse, FeedStatus } from '@walletscreen/contracts';
import { installFakeServer, signIn } from '../../../test/fake-server';
import { FeedsPage } from './feeds-page';

const base = {
  enabled_by_default: true,
  categories: ['scam'],
  imported_at: null,
  origin: null,
  skipped: null,
  last_sync: null,
  sha256: null,
  version: null,
  entries: 0,
  counts: null,
  url: null,
};
const feeds: FeedStatus[] = [
  {
    ...base,
    id: 'opensanctions-crypto',
    name: 'OpenSanctions crypto wallets',
    description: 'Crypto wallets in OpenSanctions.',
    kind: 'download',
    enabled: false,
    enabled_by_default: false,
    licence: { name: 'CC BY-NC 4.0', url: 'https://www.opensanctions.org/articles/2021-12-10-sustainability', commercial_use: false },
    url: 'https://data.opensanctions.org/datasets/latest/sanctions/entities.ftm.json',
  },
  {
    ...base,
    id: 'ethereum-darklist',
    name: 'MyEtherWallet address darklist',
    description: 'Addresses MyEtherWallet warns about.',
    kind: 'download',
    enabled: true,
    licence: { name: 'MIT', url: 'https://github.com/MyEtherWallet/ethereum-lists/blob/master/LICENSE', commercial_use: true },
    version: '2',
    sha256: 'ab'.repeat(32),
    entries: 1840,
    counts: { evm: { scam: 1700, phishing: 140 } },
    imported_at: '2026-11-20T06:00:00.000Z',
    origin: 'https://raw.githubusercontent.com/MyEtherWallet/ethereum-lists/master/src/addresses/addresses-darklist.json',
    skipped: { count: 3, reasons: { 'not a valid ethereum address': 3 }, examples: ['entry 7 (0xabc): not a valid ethereum address'] },
    last_sync: {
      at: '2026-11-24T06:00:00.000Z',
      trigger: 'admin-sync',
      result: 'failed',
      code: 'download-failed',
      reason: 'download of https://… failed: getaddrinfo ENOTFOUND',
    },
  },
  {
    ...base,
    id: 'custom-labels',
    name: 'Your own labels',
    description: 'Labels your administrators upload.',
    kind: 'upload',
    enabled: true,
    licence: { name: "Your organisation's own data", url: null, commercial_use: true },
  },
];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <FeedsPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('div.mantine-Paper-root') as HTMLElement;

describe('the Feeds page', () => {
  let server: ReturnType<typeof installFakeServer>;
  afterEach(() => server.restore());

  it('shows each feed: on or off, its licence said plainly, the version in force and what its file left out', async () => {
    signIn();
    server = installFakeServer({ status: 200, json: { feeds } satisfies FeedsStatusResponse });
    renderPage();
    const os = await card('OpenSanctions crypto wallets');
    expect(within(os).getByText('Off')).toBeTruthy();
    expect(within(os).getByText(/Its licence does not allow commercial use/)).toBeTruthy();
    expect(within(os).getByText(/Checks do not read this feed and it is never downloaded/)).toBeTruthy();
    expect(within(os).queryByRole('button', { name: /Sync/ })).toBeNull();
    const darklist = await card('MyEtherWallet address darklist');
    expect(within(darklist).getByText('1,840')).toBeTruthy();
    expect(within(darklist).getByText(/^3 entries of its file could not be used \(3: not a valid ethereum address\)/)).toBeTruthy();
    expect(within(darklist).getByLabelText(/labelled addresses by chain and category/).textContent).toContain('EVM chains 1,840: 1,700 scam · 140 phishing');
    expect(
      within(darklist).getByText(
        /^Last sync on 24\.11\.2026 failed: the feed's server could not be reached or did not deliver the file; the version above stays in force\.$/,
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/download-failed/);
    expect(within(darklist).getByRole('button', { name: 'Sync now: MyEtherWallet address darklist' })).toBeTruthy();
    const own = await card('Your own labels');
    expect(within(own).getByText('No labels file uploaded yet.')).toBeTruthy();
    expect(within(own).getByRole('form', { name: 'Upload your labels file' })).toBeTruthy();
  });

  it('hides every action from an auditor', async () => {
    signIn();
    localStorage.setItem('userRole', 'auditor');
    server = installFakeServer({ status: 200, json: { feeds } satisfies FeedsStatusResponse });
    renderPage();
    await card('MyEtherWallet address darklist');
    expect(screen.queryByRole('button', { name: /Sync/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Upload your labels file' })).toBeNull();
    localStorage.removeItem('userRole');
  });
});
