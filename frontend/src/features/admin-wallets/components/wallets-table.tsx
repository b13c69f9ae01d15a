import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { networkNames, shownRiskScore, type Network, type WalletSummary } from '@walletscreen/contracts';
import { formatDate } from '../../../lib/format-date';
import { CopyAddress } from '../../../components/copy-address';
import { RiskBadge } from '../../../components/risk-badge';

export const networkName = (network: string) => networkNames[network as Network] ?? network;

const Score = ({ wallet }: { wallet: WalletSummary }) => <span className="ws-tabular">{shownRiskScore(wallet.latest_level, wallet.latest_score) ?? '—'}</span>;
const Level = ({ wallet }: { wallet: WalletSummary }) =>
  wallet.latest_level ? (
    <RiskBadge value={wallet.latest_level} />
  ) : (
    <Text size="sm" c="dimmed">
      No result yet
    </Text>
  );

/** Desktop: Wallet, Network, Checks, Customers, Latest score, Latest level, Last checked, and a button opening its checks. */
export function WalletsTable({ wallets, onOpen }: { wallets: WalletSummary[]; onOpen: (wallet: WalletSummary) => void }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Wallets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Wallet</Table.Th>
            <Table.Th scope="col">Network</Table.Th>
            <Table.Th scope="col" ta="right">
              Checks
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Customers
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Latest score
            </Table.Th>
            <Table.Th scope="col">Latest level</Table.Th>
            <Table.Th scope="col" ta="right">
              Last checked
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Checks of the wallet</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {wallets.map((wallet) => (
            <Table.Tr key={`${wallet.network}:${wallet.address}`}>
              <Table.Td maw={260}>
                <CopyAddress address={wallet.address} shorten />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{networkName(wallet.network)}</Text>
              </Table.Td>
              <Table.Td ta="right" className="ws-tabular">
                {wallet.checks}
              </Table.Td>
              <Table.Td ta="right" className="ws-tabular">
                {wallet.customers}
              </Table.Td>
              <Table.Td ta="right">
                <Score wallet={wallet} />
              </Table.Td>
              <Table.Td>
                <Level wallet={wallet} />
              </Table.Td>
              <Table.Td ta="right" className="ws-tabular">
                {formatDate(wallet.last_checked_at)}
              </Table.Td>
              <Table.Td ta="right">
                <Button size="xs" variant="light" onClick={() => onOpen(wallet)} aria-label={`Open the checks of ${wallet.address}`}>
                  Checks
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Mobile: one card per wallet. */
export function WalletCards({ wallets, onOpen }: { wallets: WalletSummary[]; onOpen: (wallet: WalletSummary) => void }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Wallets">
      {wallets.map((wallet) => (
        <Card component="li" key={`${wallet.network}:${wallet.address}`} withBorder padding="sm">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <CopyAddress address={wallet.address} shorten />
              <Badge variant="default" radius="sm">
                {networkName(wallet.network)}
              </Badge>
            </Group>
            <Group justify="space-between" gap="xs">
              <Level wallet={wallet} />
              <Text size="sm">
                Score <Score wallet={wallet} />
              </Text>
            </Group>
            <Text size="sm" c="dimmed" className="ws-tabular">
              {wallet.checks} {wallet.checks === 1 ? 'check' : 'checks'} by {wallet.customers} {wallet.customers === 1 ? 'customer' : 'customers'} · last{' '}
              {formatDate(wallet.last_checked_at)}
            </Text>
            <Button size="xs" variant="light" onClick={() => onOpen(wallet)} aria-label={`Open the checks of ${wallet.address}`}>
              Checks
            </Button>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
