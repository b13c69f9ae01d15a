import type { ReactNode } from 'react';
import { Box, Button, Divider, Grid, Group, Paper, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconShieldCheck, IconShieldSearch, IconCircleCheck } from '@tabler/icons-react';
import {
  attributionCoverageText,
  blockchainDataMissing,
  classifyAmlStatus,
  classifyRiskLabel,
  shortenAddress,
  type LinkedWallet,
  type WalletAnalysis,
} from '@walletscreen/contracts';
import { CopyAddress } from '../copy-address';
import { FundFlowPanel } from '../fund-flow/fund-flow-panel';
import { MissingEvidenceAlert } from '../missing-evidence-alert';
import { AmlStatusBadge, RiskBadge } from '../risk-badge';
import { LinkedWalletBadge, riskTone, ToneIcon, toneClasses } from '../tone';
import { parseReport, type ReportLine } from './report-lines';
import classes from './analysis-result.module.css';

export const UNKNOWN = 'Unknown';
export const NO_RECOMMENDATION = 'No recommendation';
export const NO_REPORT = 'No report available';
export const NO_LINKED_WALLETS = 'No linked wallets found';
export const LINKED_WALLETS_UNKNOWN = 'Unknown: blockchain data could not be fetched';

/** An analysis as received; every field may be missing. */
export type AnalysisResultData = Partial<WalletAnalysis>;

const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');

/** What the result shows for an analysis, missing values replaced by the spec's fallbacks. */
export function describeAnalysis(analysis: AnalysisResultData) {
  const score = typeof analysis.risk_score === 'number' && Number.isFinite(analysis.risk_score) ? analysis.risk_score : 0;
  const linked = analysis.linked_wallets;
  const addresses = (analysis.linked_wallets_addresses?.length ? analysis.linked_wallets_addresses : Array.isArray(linked) ? linked : [])
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const risk = classifyRiskLabel(analysis.risk_level);
  const details = new Map((analysis.linked_wallets_details ?? []).map((d) => [d.address, d]));
  return {
    walletAddress: text(analysis.wallet_address),
    riskScore: Math.round(Math.min(100, Math.max(0, score))),
    risk,
    amlStatus: classifyAmlStatus(analysis.aml_status),
    walletAge: text(analysis.wallet_age) || UNKNOWN,
    jurisdiction: text(analysis.jurisdiction) || UNKNOWN,
    sanctions: text(analysis.sanctions) || UNKNOWN,
    /** Only "Safe address" is a clean sanctions result. */
    sanctionsSafe: text(analysis.sanctions).toLowerCase() === 'safe address',
    sourceOfFunds: text(analysis.source_of_funds) || UNKNOWN,
    /** How much of the examined value went to or came from addresses whose nature is known; null when not given. */
    coverage: analysis.attribution_coverage ?? null,
    recommendation: text(analysis.recommendation) || NO_RECOMMENDATION,
    linkedCount: typeof linked === 'number' && Number.isFinite(linked) ? Math.max(linked, addresses.length) : addresses.length,
    linkedAddresses: addresses,
    /** The linked-wallets signal is positive only for a Low risk. */
    linkedPositive: risk.level === 'low',
    /** What marks each linked wallet (sanctioned, flagged, and why), by address; empty for older checks. */
    linkedDetails: details,
    /** No blockchain data: the linked wallets are unknown, not absent. */
    linkedUnknown: blockchainDataMissing(analysis),
    /** The check lacked evidence it needs: no score is shown, only the Incomplete verdict. */
    incomplete: risk.level === 'incomplete',
    /** What could not be gathered, in words (also on a High verdict, which stands without it). */
    missingEvidence: (analysis.missing_evidence ?? []).map((m) => m.trim()).filter((m) => m !== ''),
    report: analysis.aml_report ?? '',
  };
}

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** One linked wallet: its address, its share of the volume and, when marked, why. */
function LinkedWalletItem({ address, detail }: { address: string; detail: LinkedWallet | undefined }) {
  return (
    <li data-risk={detail?.risk ?? 'none'}>
      <Group gap={6} wrap="wrap" miw={0}>
        <CopyAddress address={address} shorten copyLabel={`Copy linked wallet ${shortenAddress(address)}`} />
        {detail ? (
          <Text span size="xs" c="dimmed" className="ws-tabular">
            {percent(detail.share)}
          </Text>
        ) : null}
        {detail ? <LinkedWalletBadge risk={detail.risk} /> : null}
      </Group>
      {detail && detail.reasons.length > 0 ? (
        <Text size="xs" c="dimmed" mt={2} data-testid="linked-wallet-reasons">
          {detail.reasons.join('; ')}
        </Text>
      ) : null}
    </li>
  );
}

/** Marked wallets first (sanctioned, then flagged), then the rest in the order the report gives. */
function orderLinked(addresses: string[], details: Map<string, LinkedWallet>): string[] {
  const rank = (a: string) => ({ sanctioned: 0, flagged: 1, none: 2 })[details.get(a)?.risk ?? 'none'];
  return addresses
    .map((a, i) => ({ a, i }))
    .sort((x, y) => rank(x.a) - rank(y.a) || x.i - y.i)
    .map((x) => x.a);
}

/** ", 1 sanctioned, 2 flagged" after the count; nothing when no linked wallet is marked. */
function markedSummary(details: Map<string, LinkedWallet>): string {
  const count = (risk: LinkedWallet['risk']) => [...details.values()].filter((d) => d.risk === risk).length;
  const parts = [count('sanctioned') > 0 ? `${count('sanctioned')} sanctioned` : null, count('flagged') > 0 ? `${count('flagged')} flagged` : null].filter(
    Boolean,
  );
  return parts.length > 0 ? `, ${parts.join(', ')}` : '';
}

export interface AnalysisResultProps {
  analysis: AnalysisResultData;
  /** Downloads the PDF. Without it the button is disabled and `downloadUnavailableReason` explains why. */
  onDownload?: () => void;
  /** The PDF is being prepared: the button reads "Preparing report...". */
  downloading?: boolean;
  downloadUnavailableReason?: string;
}

function Card({ title, children, icon, testId }: { title: string; children: ReactNode; icon?: ReactNode; testId?: string }) {
  return (
    <Paper p="md" h="100%" className={classes.card} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" mb={8} gap="xs">
        <Title order={3} className={classes.cardTitle}>
          {title}
        </Title>
        {icon}
      </Group>
      {children}
    </Paper>
  );
}

function ReportLineView({ line }: { line: ReportLine }) {
  switch (line.kind) {
    case 'divider':
      return <Divider my="sm" />;
    case 'blank':
      return <Box h={6} aria-hidden="true" />;
    case 'risk':
      return (
        <Text className={classes.riskLine} data-line="risk" fw={600}>
          {line.text}
        </Text>
      );
    case 'sanctions':
      return (
        <Group gap={8} wrap="nowrap" align="flex-start" className={classes.sanctionsLine} data-line="sanctions">
          <IconShieldSearch size={18} aria-hidden="true" className={classes.sanctionsIcon} />
          <Text fw={line.heading ? 700 : 500}>{line.text}</Text>
        </Group>
      );
    case 'text':
      return line.heading ? (
        <Text fw={700} mt="xs" data-line="heading">
          {line.text}
        </Text>
      ) : (
        <Text data-line="text">{line.text}</Text>
      );
    default: {
      const _exhaustive: never = line;
      return _exhaustive;
    }
  }
}

function DownloadButton({
  hasReport,
  onDownload,
  downloading,
  reason,
}: {
  hasReport: boolean;
  onDownload?: () => void;
  downloading: boolean;
  reason?: string;
}) {
  const label = downloading ? 'Preparing report...' : 'Download AML Report';
  const icon = <IconDownload size={16} aria-hidden="true" />;
  if (onDownload) {
    return (
      <Button leftSection={icon} onClick={onDownload} disabled={!hasReport || downloading} loading={false}>
        {label}
      </Button>
    );
  }
  // Kept focusable (aria-disabled) so the tooltip explaining why can be reached by keyboard.
  return (
    <Tooltip label={reason ?? NO_REPORT} disabled={!reason} events={{ hover: true, focus: true, touch: true }}>
      <Button leftSection={icon} data-disabled aria-disabled="true" onClick={(event) => event.preventDefault()}>
        {label}
      </Button>
    </Tooltip>
  );
}

/** The result of a wallet check (spec §2 Wallet Checker): the cards and the AML report. */
export function AnalysisResult({ analysis, onDownload, downloading = false, downloadUnavailableReason }: AnalysisResultProps) {
  const view = describeAnalysis(analysis);
  const lines = parseReport(view.report);
  const tone = riskTone(view.risk.level);

  return (
    <Stack gap="md" component="section" aria-labelledby="analysis-result-title">
      <Title order={2} id="analysis-result-title">
        Analysis Result
      </Title>
      {view.incomplete || view.missingEvidence.length > 0 ? (
        <MissingEvidenceAlert incomplete={view.incomplete} missing={view.missingEvidence} testId="missing-evidence" />
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card title="Wallet Address">
            {view.walletAddress ? <CopyAddress address={view.walletAddress} wrap copyLabel="Copy wallet address" /> : <Text>{UNKNOWN}</Text>}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
          <Card title="Risk Score">
            <Stack gap={8} className={toneClasses.tone} data-tone={tone}>
              {view.incomplete ? (
                <>
                  {/* An incomplete check has no score: its points are only a lower bound, never shown as a result. */}
                  <Text fz={22} fw={700} lh={1.1} data-testid="risk-score-value">
                    Not scored
                  </Text>
                  <Text size="sm" c="dimmed">
                    The evidence needed to score this address is missing.
                  </Text>
                </>
              ) : (
                <>
                  <Group justify="space-between" align="baseline" wrap="nowrap">
                    <Text className="ws-tabular" fz={28} fw={700} lh={1} data-testid="risk-score-value">
                      {view.riskScore}
                      <Text span c="dimmed" fz="sm" fw={500}>
                        {' '}
                        / 100
                      </Text>
                    </Text>
                  </Group>
                  <Progress.Root size="lg" radius="xl">
                    <Progress.Section value={view.riskScore} color="var(--tone-fill)" aria-label={`Risk score ${view.riskScore} out of 100`} />
                  </Progress.Root>
                </>
              )}
              <Group gap={8}>
                <Text size="sm" c="dimmed">
                  Result
                </Text>
                <RiskBadge value={analysis.risk_level} />
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
          <Card title="AML Compliance Status">
            <AmlStatusBadge value={analysis.aml_status} wrap />
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
          <Card title="Wallet Age">
            <Text>{view.walletAge}</Text>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
          <Card title="Jurisdiction">
            <Text>{view.jurisdiction}</Text>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card
            title="Sanctions & Blacklists"
            icon={
              view.sanctionsSafe ? (
                <ToneIcon tone="low" icon={IconShieldCheck} label="No sanctions or blacklist match" />
              ) : (
                <ToneIcon tone="medium" icon={IconAlertTriangle} label="Needs attention" />
              )
            }
          >
            <Text>{view.sanctions}</Text>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card title="Source of Funds">
            <Text>{view.sourceOfFunds}</Text>
            {view.coverage ? (
              <Text size="sm" c="dimmed" mt={6} data-testid="attribution-coverage">
                {attributionCoverageText(view.coverage)}
              </Text>
            ) : null}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card title="Recommendations">
            <Text>{view.recommendation}</Text>
          </Card>
        </Grid.Col>

        <Grid.Col span={12}>
          <Card
            title="Linked Wallets"
            testId="linked-wallets-card"
            icon={
              view.linkedPositive ? (
                <ToneIcon tone="low" icon={IconCircleCheck} label="Linked wallets pose low risk" />
              ) : (
                <ToneIcon tone="medium" icon={IconAlertTriangle} label="Review linked wallets" />
              )
            }
          >
            <Text size="sm" c="dimmed" mb={view.linkedAddresses.length ? 6 : 0} hidden={view.linkedUnknown && view.linkedCount === 0}>
              <Text span className="ws-tabular" fw={700} c="var(--mantine-color-text)" data-testid="linked-wallets-count">
                {view.linkedCount}
              </Text>{' '}
              {view.linkedCount === 1 ? 'linked wallet' : 'linked wallets'}
              {markedSummary(view.linkedDetails)}
            </Text>
            {view.linkedAddresses.length > 0 ? (
              <Box component="ul" className={classes.linkedList} aria-label="Linked wallet addresses">
                {orderLinked(view.linkedAddresses, view.linkedDetails).map((address) => (
                  <LinkedWalletItem key={address} address={address} detail={view.linkedDetails.get(address)} />
                ))}
              </Box>
            ) : view.linkedCount === 0 ? (
              <Text>{view.linkedUnknown ? LINKED_WALLETS_UNKNOWN : NO_LINKED_WALLETS}</Text>
            ) : null}
          </Card>
        </Grid.Col>

        {analysis.fund_flow ? (
          <Grid.Col span={12}>
            <Card title="Fund flow" testId="fund-flow-card">
              <FundFlowPanel flow={analysis.fund_flow} />
            </Card>
          </Grid.Col>
        ) : null}
      </Grid>

      <Paper p="md" component="section" aria-labelledby="aml-report-title">
        <Group justify="space-between" mb="sm" gap="sm">
          <Title order={3} id="aml-report-title" fz="lg">
            AML Report
          </Title>
          <DownloadButton hasReport={lines.length > 0} onDownload={onDownload} downloading={downloading} reason={downloadUnavailableReason} />
        </Group>
        <Box
          className={classes.report}
          role="region"
          aria-label="AML report text"
          tabIndex={0}
          data-testid="aml-report-text"
          style={{ maxHeight: '70vh', overflowY: 'auto' }}
        >
          {lines.length === 0 ? <Text c="dimmed">{NO_REPORT}</Text> : lines.map((line, index) => <ReportLineView key={index} line={line} />)}
        </Box>
      </Paper>
    </Stack>
  );
}
