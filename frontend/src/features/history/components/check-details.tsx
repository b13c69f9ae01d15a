import type { ReactNode } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { accessLabel, blockchainDataMissing, classifyRiskLabel, type LinkedWallet } from '@walletscreen/contracts';
import { CopyAddress } from '../../../components/copy-address';
import { ErrorState } from '../../../components/list-kit/error-state';
import { LoadingState } from '../../../components/list-kit/loading-state';
import { FundFlowPanel } from '../../../components/fund-flow/fund-flow-panel';
import { MissingEvidenceAlert } from '../../../components/missing-evidence-alert';
import { AmlStatusBadge, RiskBadge } from '../../../components/risk-badge';
import { LinkedWalletBadge, linkedWalletMark } from '../../../components/tone';
import { useDownloadAmlReport } from '../../../lib/download-aml-report';
import { DownloadEvidenceButton } from '../../../components/download-evidence-button';
import { formatCheckTime, shortCheckId } from '../history-display';
import type { HistoryRowDetail } from '../history-item';
import { ReportView } from './report-view';
import { CheckCaseSection, type CaseLinks } from './check-case';

export const DETAILS_ERROR = 'Failed to load transaction details.';

const orUnknown = (value: string) => (value.trim() === '' ? 'Unknown' : value);

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Stack gap={2} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function LinkedWallets({ addresses, details }: { addresses: string[]; details: LinkedWallet[] }) {
  if (addresses.length === 0) return <>None</>;
  const marks = new Map(details.filter((d) => d.risk !== 'none').map((d) => [d.address, d]));
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 4 }}>
      {addresses.map((address, index) => {
        const mark = marks.get(address);
        return (
          <span key={address} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }} data-risk={mark?.risk ?? 'none'}>
            <CopyAddress address={address} shorten copyLabel={`Copy linked wallet ${index + 1}`} />
            {mark ? (
              <Tooltip label={mark.reasons.join('; ') || linkedWalletMark(mark.risk)} multiline w={320} events={{ hover: true, focus: true, touch: true }}>
                <span tabIndex={0} aria-label={`${linkedWalletMark(mark.risk)}: ${mark.reasons.join('; ')}`}>
                  <LinkedWalletBadge risk={mark.risk} />
                </span>
              </Tooltip>
            ) : null}
            {index < addresses.length - 1 ? ',' : null}
          </span>
        );
      })}
    </span>
  );
}

function Details({ detail, caseLinks, evidencePath }: { detail: HistoryRowDetail; caseLinks?: CaseLinks; evidencePath?: string }) {
  const download = useDownloadAmlReport();
  const hasReport = detail.aml_report.trim() !== '';
  const incomplete = classifyRiskLabel(detail.risk_level).level === 'incomplete';
  return (
    <Stack gap="md">
      {incomplete || detail.missing_evidence.length > 0 ? (
        <MissingEvidenceAlert incomplete={incomplete} missing={detail.missing_evidence} testId="details-missing-evidence" />
      ) : null}
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
        {detail.user_email !== undefined ? (
          <Field label="Email" wide>
            {detail.user_email || 'Unknown'}
          </Field>
        ) : null}
        <Field label="Wallet" wide>
          {detail.wallet_address ? <CopyAddress address={detail.wallet_address} copyLabel="Copy wallet address" /> : 'Unknown'}
        </Field>
        <Field label="Risk Score">{incomplete ? 'Not scored: the check is incomplete' : <span className="ws-tabular">{detail.risk_score} / 100</span>}</Field>
        <Field label="Risk Level">
          <RiskBadge value={detail.risk_level} />
        </Field>
        <Field label="AML Status">
          <AmlStatusBadge value={detail.aml_status} />
        </Field>
        <Field label="Jurisdiction">{orUnknown(detail.jurisdiction)}</Field>
        <Field label="Sanctions">{orUnknown(detail.sanctions)}</Field>
        <Field label="Source of Funds">{orUnknown(detail.source_of_funds)}</Field>
        <Field label="Recommendation" wide>
          {detail.recommendation.trim() === '' ? 'No recommendation' : detail.recommendation}
        </Field>
        <Field label="Wallet Age">{orUnknown(detail.wallet_age)}</Field>
        <Field label="Access">{accessLabel(detail.access)}</Field>
        <Field label="Linked Wallets" wide>
          {detail.linked_wallets.length === 0 && blockchainDataMissing(detail) ? (
            'Unknown: blockchain data could not be fetched'
          ) : (
            <LinkedWallets addresses={detail.linked_wallets} details={detail.linked_wallets_details} />
          )}
        </Field>
        <Field label="Date">
          <span className="ws-tabular">{formatCheckTime(detail)}</span>
        </Field>
      </SimpleGrid>

      {detail.fund_flow ? (
        <Stack gap="xs" component="section" aria-labelledby="details-fund-flow-title">
          <Title order={3} id="details-fund-flow-title" fz="md">
            Fund flow
          </Title>
          <FundFlowPanel flow={detail.fund_flow} />
        </Stack>
      ) : null}

      {caseLinks ? <CheckCaseSection checkId={detail.id} value={detail.case ?? null} links={caseLinks} /> : null}

      <Stack gap="xs" component="section" aria-labelledby="details-report-title">
        <Group justify="space-between" gap="sm">
          <Title order={3} id="details-report-title" fz="md">
            AML Report
          </Title>
          <Group gap="xs">
            {evidencePath ? <DownloadEvidenceButton size="xs" variant="default" path={evidencePath} checkId={detail.id} /> : null}
            <Button
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden="true" />}
              disabled={!hasReport || download.isPending}
              onClick={() => download.mutate({ aml_report: detail.aml_report, wallet_address: detail.wallet_address, check_id: detail.id })}
            >
              {download.isPending ? 'Preparing report...' : 'Download AML Report'}
            </Button>
          </Group>
        </Group>
        <ReportView report={detail.aml_report} />
      </Stack>
    </Stack>
  );
}

export interface CheckDetailsModalProps {
  checkId: string | null;
  onClose: () => void;
  /** The detail's query (the user's own check, or any check for admins). */
  detail: { isPending: boolean; isError: boolean; data: HistoryRowDetail | undefined };
  /** Links shown above the loaded details (the admin area's evidence and replay of the check). */
  actions?: ReactNode;
  /** Where the check's case opens, and whether a case may be opened from here; no case section without it. */
  caseLinks?: CaseLinks;
  /** Where the check's evidence bundle is downloaded from (under /api); no button without it. */
  evidencePath?: string | undefined;
}

/** The Details of one check, loaded when opened; with the user's e-mail when the detail has one (admins). */
export function CheckDetailsModal({ checkId, onClose, detail, actions, caseLinks, evidencePath }: CheckDetailsModalProps) {
  return (
    <Modal
      opened={checkId !== null}
      onClose={onClose}
      title={checkId ? `Check ${shortCheckId(checkId)} details` : 'Check details'}
      size="lg"
      data-testid="history-details"
    >
      {detail.isPending ? (
        <LoadingState label="Loading..." />
      ) : detail.isError || !detail.data ? (
        <ErrorState message={DETAILS_ERROR} />
      ) : (
        <Stack gap="md">
          {actions ? <Group gap="sm">{actions}</Group> : null}
          <Details detail={detail.data} caseLinks={caseLinks} evidencePath={evidencePath} />
        </Stack>
      )}
    </Modal>
  );
}
