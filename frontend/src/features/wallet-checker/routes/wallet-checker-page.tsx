import { Alert, Button, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { classifyRiskLabel, networks, type Network } from '@walletscreen/contracts';
import { Link, useSearchParams } from 'react-router';
import { AnalysisResult } from '../../../components/analysis-result/analysis-result';
import { PageHeader } from '../../../components/page-header';
import { useDownloadAmlReport } from '../../../lib/download-aml-report';
import { useProfile } from '../../../lib/get-profile';
import { usePublicConfig } from '../../../lib/get-public-config';
import { CheckProgressOverlay } from '../components/check-progress-overlay';
import { SanctionsListWarning } from '../components/sanctions-list-warning';
import { WalletCheckForm } from '../components/wallet-check-form';
import { WatchWalletButton } from '../components/watch-wallet-button';
import { useWalletCheck } from '../use-wallet-check';

export const TOP_UP_PATH = '/dashboard/top-up';

/** ?address= (and ?network=): an address to fill in, from a fund-flow graph's link. Nothing is checked until asked: a check costs a credit. */
function prefillOf(params: URLSearchParams): { address: string; network?: Network } {
  const network = params.get('network') ?? '';
  return { address: params.get('address')?.trim() ?? '', ...((networks as readonly string[]).includes(network) ? { network: network as Network } : {}) };
}

/** /dashboard/wallet-checker: check a wallet, follow the analysis, read and download the result. */
export function WalletCheckerPage() {
  const { view, start, stageDisplayed } = useWalletCheck();
  const [params] = useSearchParams();
  const prefill = prefillOf(params);
  const download = useDownloadAmlReport();
  // Step 6 says "interpreting with AI" only when a language model writes the narrative.
  const aiNarrative = usePublicConfig().data?.ai_narrative ?? false;
  const failure = view.phase === 'failed' ? view.failure : null;
  // Out of checks while the free ones wait for the e-mail confirmation: the message says so (the dashboard's notice sends the link again).
  const awaitingConfirmation = useProfile().data?.email_confirmation_pending === true;

  return (
    <>
      <PageHeader title="Check Wallet" description="Screen a wallet against sanctions lists, intelligence feeds and its transaction history." />
      <Stack gap="lg">
        <SanctionsListWarning />
        <Paper p="md">
          <WalletCheckForm
            // A new address linked while the page is open (from this result's graph) fills the form afresh.
            key={`${prefill.address}|${prefill.network ?? ''}`}
            initialAddress={prefill.address}
            initialNetwork={prefill.network}
            running={view.phase === 'running'}
            onCheck={start}
            serverError={failure && failure.kind !== 'premium' ? failure.message : null}
          />
        </Paper>

        {failure?.kind === 'premium' ? (
          <Alert
            color="accent"
            variant="light"
            role="alert"
            icon={<IconLock size={18} aria-hidden="true" />}
            title={awaitingConfirmation ? 'E-mail confirmation required' : 'Premium check required'}
            data-testid="premium-required"
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{failure.message}</Text>
              <Button component={Link} to={TOP_UP_PATH} size="sm" leftSection={<IconCreditCard size={16} aria-hidden="true" />}>
                Top Up Balance
              </Button>
            </Stack>
          </Alert>
        ) : null}

        {view.phase === 'completed' && view.checkId ? (
          <WatchWalletButton key={view.checkId} address={view.target.address} network={view.target.network} checkId={view.checkId} />
        ) : null}

        {view.phase === 'completed' ? (
          <div data-testid="analysis-result">
            <AnalysisResult
              analysis={view.analysis}
              downloading={download.isPending}
              onDownload={() =>
                download.mutate({
                  aml_report: view.analysis.aml_report,
                  wallet_address: view.analysis.wallet_address || view.target.request.wallet_address,
                  ...(view.checkId ? { check_id: view.checkId } : {}),
                })
              }
            />
          </div>
        ) : null}
      </Stack>

      <CheckProgressOverlay
        running={view.phase === 'running' ? view : null}
        completed={view.phase === 'completed'}
        onStageDisplayed={stageDisplayed}
        aiNarrative={aiNarrative}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {view.phase === 'completed' ? `Analysis complete: ${classifyRiskLabel(view.analysis.risk_level).text}` : ''}
      </VisuallyHidden>
    </>
  );
}
