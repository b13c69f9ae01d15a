import { useEffect, useState } from 'react';
import { Group, Paper, Select, Stack } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconWallet } from '@tabler/icons-react';
import { networks, parseAddress, riskLevelLabels, type Network, type WalletSort } from '@walletscreen/contracts';
import { useSearchParams } from 'react-router';
import { ClearableTextInput } from '../../../components/clearable-text-input';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { ListFooter, LoadMore } from '../../../components/list-kit/pagination';
import { QueryStates } from '../../../components/list-kit/query-states';
import { PageHeader } from '../../../components/page-header';
import { useWallets } from '../api/get-wallets';
import type { WalletRef } from '../api/get-wallet';
import { WalletCards, WalletsTable } from '../components/wallets-table';
import { WalletChecksDrawer } from '../components/wallet-checks-drawer';

/** The search is sent to the server once typing pauses. */
export const SEARCH_DEBOUNCE_MS = 300;

const sortOptions: Array<{ value: WalletSort; label: string }> = [
  { value: 'latest', label: 'Latest checked' },
  { value: 'checks', label: 'Most checked' },
  { value: 'score', label: 'Highest score' },
];
const levelOptions = [{ value: '', label: 'All levels' }, ...riskLevelLabels.map((l) => ({ value: l, label: l }))];

/** The wallet named by ?network=&address= (a link from a fund-flow graph), when both are there and the network is known. */
function walletOfSearch(params: URLSearchParams): WalletRef | null {
  const network = params.get('network') ?? '';
  const address = params.get('address')?.trim() ?? '';
  if (address === '' || !(networks as readonly string[]).includes(network)) return null;
  // Wallets are kept under the address's canonical form (an EVM address in its checksummed case).
  const parsed = parseAddress(address, network as Network);
  return { network, address: parsed.ok && parsed.address.network === network ? parsed.address.normalized : address };
}

/**
 * /admin/wallets: every screened address, searched, filtered and sorted by the server; a wallet
 * opens its checks. ?network=&address= opens that wallet's checks at once, with the address searched.
 */
export function WalletsPage() {
  const [params, setParams] = useSearchParams();
  const linked = walletOfSearch(params);
  const [search, setSearch] = useState(linked?.address ?? '');
  const [address] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [riskLevel, setRiskLevel] = useState('');
  const [sort, setSort] = useState<WalletSort>('latest');
  const [opened, setOpened] = useState<WalletRef | null>(linked);
  // Another wallet linked while the page is open (from a graph in the drawer).
  const [linkedNetwork, linkedAddress] = [linked?.network, linked?.address];
  useEffect(() => {
    if (!linkedNetwork || !linkedAddress) return;
    setSearch(linkedAddress);
    setOpened({ network: linkedNetwork, address: linkedAddress });
  }, [linkedNetwork, linkedAddress]);
  const close = () => {
    setOpened(null);
    if (linked) setParams({}, { replace: true });
  };
  const wallets = useWallets({ address, riskLevel, sort });
  const narrow = useMediaQuery('(max-width: 48em)');
  const rows = wallets.data?.pages.flatMap((p) => p.items) ?? [];
  const total = wallets.data?.pages[0]?.total ?? 0;
  const filtered = address !== '' || riskLevel !== '';
  const open = (w: WalletRef) => setOpened({ network: w.network, address: w.address });

  return (
    <>
      <PageHeader title="Wallets" description="Every screened address: how often and by how many customers it was checked, and its latest outcome." />
      <Paper p="md">
        <Stack gap="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <ClearableTextInput
              label="Search by address"
              placeholder="Part of a wallet address"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              onClear={() => setSearch('')}
              w={{ base: '100%', sm: 340 }}
            />
            <Select
              label="Latest risk level"
              data={levelOptions}
              value={riskLevel}
              onChange={(v) => setRiskLevel(v ?? '')}
              allowDeselect={false}
              w={{ base: '100%', xs: 180 }}
            />
            <Select
              label="Sort by"
              data={sortOptions}
              value={sort}
              onChange={(v) => setSort(v ?? 'latest')}
              allowDeselect={false}
              w={{ base: '100%', xs: 180 }}
            />
          </Group>
          <QueryStates
            query={wallets}
            loading="Loading wallets..."
            errorTitle="Could not load wallets"
            isEmpty={() => rows.length === 0}
            empty={
              <EmptyState
                icon={IconWallet}
                title="No results found"
                description={filtered ? 'No screened wallet matches these filters.' : 'No wallet has been checked yet.'}
              />
            }
          >
            {() => (
              <>
                {narrow ? <WalletCards wallets={rows} onOpen={open} /> : <WalletsTable wallets={rows} onOpen={open} />}
                <ListFooter summary={`Showing ${rows.length} of ${total} ${total === 1 ? 'wallet' : 'wallets'}`}>
                  <LoadMore query={wallets} />
                </ListFooter>
              </>
            )}
          </QueryStates>
        </Stack>
      </Paper>
      <WalletChecksDrawer wallet={opened} onClose={close} />
    </>
  );
}
