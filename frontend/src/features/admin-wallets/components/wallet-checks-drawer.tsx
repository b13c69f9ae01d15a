import { useState } from 'react';
import { Alert, Badge, Button, Card, Drawer, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconFileSearch, IconShieldSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { shownRiskScore, type WalletCheck, type WalletSummary } from '@walletscreen/contracts';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { isReadOnlySession } from '../../../lib/session';
import { walletCheckerPath } from '../../../components/fund-flow/fund-flow-display';
import { FundFlowPanel } from '../../../components/fund-flow/fund-flow-panel';
import { AnalysisResult } from '../../../components/analysis-result/analysis-result';
import { CopyAddress } from '../../../components/copy-address';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { LoadMore } from '../../../components/list-kit/pagination';
import { QueryStates } from '../../../components/list-kit/query-states';
import { RiskBadge } from '../../../components/risk-badge';
import { useDownloadAmlReport } from '../../../lib/download-aml-report';
import { useWallet, type WalletRef } from '../api/get-wallet';
import { networkName } from './wallets-table';

const statusColor: Record<string, string> = { completed: 'gray', running: 'accent', failed: 'red' };
const StatusBadge = ({ status }: { status: string }) => (
  <Badge variant="light" color={statusColor[status] ?? 'gray'} radius="sm">
    {status}
  </Badge>
);

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text fw={600} className="ws-tabular">
        {value}
      </Text>
    </Stack>
  );
}

function Summary({ wallet }: { wallet: WalletSummary }) {
  return (
    <Stack gap="sm">
      <CopyAddress address={wallet.address} copyLabel="Copy wallet address" />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label="Network" value={networkName(wallet.network)} />
        <Stat label="Checks" value={wallet.checks} />
        <Stat label="Customers" value={wallet.customers} />
        <Stat label="First checked" value={formatDate(wallet.first_checked_at)} />
      </SimpleGrid>
    </Stack>
  );
}

/** The checks of one wallet: customer e-mail, date, score, level and status; a check opens its report. */
function ChecksList({ checks, onOpen }: { checks: WalletCheck[]; onOpen: (check: WalletCheck) => void }) {
  const narrow = useMediaQuery('(max-width: 40em)');
  if (narrow) {
    return (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Checks of the wallet">
        {checks.map((check) => (
          <Card component="li" key={check.id} withBorder padding="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} truncate="end">
                {check.user_email || 'Unknown customer'}
              </Text>
              <Group justify="space-between" gap="xs">
                <Text size="sm" c="dimmed" className="ws-tabular">
                  {formatDateTime(check.created_at)}
                </Text>
                {check.status === 'completed' ? <RiskBadge value={check.risk_level} /> : <StatusBadge status={check.status} />}
              </Group>
              <Button size="xs" variant="default" onClick={() => onOpen(check)}>
                Details
              </Button>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Checks of the wallet">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Customer</Table.Th>
            <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
              Date &amp; Time
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Score
            </Table.Th>
            <Table.Th scope="col">Level</Table.Th>
            <Table.Th scope="col">Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {checks.map((check) => (
            <Table.Tr key={check.id}>
              <Table.Td maw={220}>
                <Text size="sm" truncate="end" title={check.user_email}>
                  {check.user_email || 'Unknown customer'}
                </Text>
              </Table.Td>
              <Table.Td ta="right" className="ws-tabular" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(check.created_at)}
              </Table.Td>
              <Table.Td ta="right" className="ws-tabular">
                {shownRiskScore(check.risk_level, check.risk_score) ?? '—'}
              </Table.Td>
              <Table.Td>{check.status === 'completed' ? <RiskBadge value={check.risk_level} /> : <StatusBadge status={check.status} />}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onOpen(check)}
                  aria-label={`Details of the check of ${formatDateTime(check.created_at)} by ${check.user_email}`}
                >
                  Details
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The fund-flow graph of the wallet's latest completed check, when it has one. */
function LatestFundFlow({ checks }: { checks: WalletCheck[] }) {
  const latest = checks.find((c) => c.status === 'completed');
  if (!latest?.fund_flow) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="latest-fund-flow-title">
      <Title order={3} fz="md" id="latest-fund-flow-title">
        Fund flow of the latest check ({formatDateTime(latest.created_at)})
      </Title>
      <FundFlowPanel flow={latest.fund_flow} />
    </Stack>
  );
}

/** The report of one check, with who asked for it and when, in place of the list (no stacked overlays). */
function CheckDetails({ check, address, onBack }: { check: WalletCheck; address: string; onBack: () => void }) {
  const download = useDownloadAmlReport();
  return (
    <Stack gap="md" role="region" aria-label="Check details">
      <Group justify="space-between" gap="sm">
        <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={14} aria-hidden="true" />} onClick={onBack}>
          Back to the checks
        </Button>
        <Button
          component={Link}
          to={`/admin/checks/${encodeURIComponent(check.id)}`}
          variant="default"
          size="xs"
          leftSection={<IconFileSearch size={14} aria-hidden="true" />}
        >
          Evidence & replay
        </Button>
      </Group>
      <Title order={2} fz="lg">
        Check details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Stat label="Email" value={check.user_email || 'Unknown'} />
        <Stat label="Date" value={formatDateTime(check.created_at)} />
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
            Status
          </Text>
          <StatusBadge status={check.status} />
        </Stack>
      </SimpleGrid>
      {check.status === 'failed' ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="The check failed; its credit was refunded">
          {check.error}
        </Alert>
      ) : null}
      {check.status === 'completed' ? (
        <AnalysisResult
          analysis={{
            wallet_address: address,
            risk_score: check.risk_score ?? 0,
            risk_level: check.risk_level,
            aml_status: check.aml_status,
            wallet_age: check.wallet_age,
            jurisdiction: check.jurisdiction,
            sanctions: check.sanctions,
            source_of_funds: check.source_of_funds,
            recommendation: check.recommendation,
            linked_wallets: check.linked_wallets.length,
            linked_wallets_addresses: check.linked_wallets,
            aml_report: check.aml_report,
            access_level: check.access,
            fund_flow: check.fund_flow,
          }}
          onDownload={check.aml_report.trim() ? () => download.mutate({ aml_report: check.aml_report, wallet_address: address }) : undefined}
          downloading={download.isPending}
          downloadUnavailableReason="This check has no report"
        />
      ) : null}
    </Stack>
  );
}

/** An address no customer has checked (opened from a fund-flow graph): said plainly, with the wallet checker for those who may check. */
function NotScreened({ wallet }: { wallet: WalletRef }) {
  return (
    <Stack gap="sm" align="flex-start" data-testid="wallet-not-screened">
      <CopyAddress address={wallet.address} copyLabel="Copy wallet address" />
      <Text>This address has not been checked on {networkName(wallet.network)} yet.</Text>
      {isReadOnlySession() ? null : (
        <Button
          component={Link}
          to={walletCheckerPath(wallet.address, wallet.network)}
          variant="default"
          size="xs"
          leftSection={<IconShieldSearch size={14} aria-hidden="true" />}
        >
          Check it in the wallet checker
        </Button>
      )}
    </Stack>
  );
}

/** A drawer with one wallet's summary and its checks, newest first, with Load More. */
export function WalletChecksDrawer({ wallet, onClose }: { wallet: WalletRef | null; onClose: () => void }) {
  const query = useWallet(wallet);
  const [open, setOpen] = useState<WalletCheck | null>(null);
  const pages = query.data?.pages ?? [];
  const summary = pages[0]?.wallet;
  const checks = pages.flatMap((p) => p.checks);
  const fullScreen = useMediaQuery('(max-width: 48em)');

  return (
    <>
      <Drawer
        opened={wallet !== null}
        onClose={() => {
          setOpen(null);
          onClose();
        }}
        position="right"
        size={fullScreen ? '100%' : '56rem'}
        title="Wallet checks"
      >
        {query.isError && query.error instanceof ApiError && query.error.status === 404 && wallet ? (
          <NotScreened wallet={wallet} />
        ) : (
          <QueryStates query={query} loading="Loading checks..." errorTitle="Could not load the wallet's checks" gap="lg">
            {() =>
              summary && open ? (
                <CheckDetails check={open} address={summary.address} onBack={() => setOpen(null)} />
              ) : summary ? (
                <>
                  <Summary wallet={summary} />
                  <LatestFundFlow checks={checks} />
                  {checks.length === 0 ? <EmptyState title="No checks found" compact /> : <ChecksList checks={checks} onOpen={setOpen} />}
                  <LoadMore query={query} />
                </>
              ) : null
            }
          </QueryStates>
        )}
      </Drawer>
    </>
  );
}
