import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { scenarioFlow } from '../../test/fund-flow-fixture';
import { AnalysisResult, describeAnalysis } from './analysis-result';

function renderInTheme(ui: ReactElement) {
  return render(<MantineProvider env="test">{ui}</MantineProvider>);
}

describe('an analysis with no values', () => {
  it('shows the fallbacks: Unknown, No recommendation, no linked wallets and No report available', () => {
    renderInTheme(<AnalysisResult analysis={{}} />);

    screen.getByRole('heading', { name: 'Analysis Result' });
    for (const title of [
      'Wallet Address',
      'Risk Score',
      'AML Compliance Status',
      'Wallet Age',
      'Jurisdiction',
      'Sanctions & Blacklists',
      'Source of Funds',
      'Recommendations',
      'Linked Wallets',
      'AML Report',
    ]) {
      screen.getByRole('heading', { name: title });
    }
    expect(screen.getAllByText('Unknown').length).toBeGreaterThanOrEqual(5);
    screen.getByText('Unknown status');
    screen.getByText('No recommendation');
    screen.getByText('No linked wallets found');
    const report = screen.getByRole('region', { name: 'AML report text' });
    within(report).getByText('No report available');
    expect(report.style.maxHeight).toBe('70vh');
  });

  it('disables the download, having no report', () => {
    renderInTheme(<AnalysisResult analysis={{}} onDownload={() => undefined} />);
    expect((screen.getByRole('button', { name: /Download AML Report/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('gives a score of 0', () => {
    expect(describeAnalysis({}).riskScore).toBe(0);
    renderInTheme(<AnalysisResult analysis={{}} />);
    screen.getByRole('progressbar', { name: 'Risk score 0 out of 100' });
  });
});

describe('an analysis with values', () => {
  const analysis = {
    wallet_address: '0x8f3A21c6B7e94D05a1Cc92E4f7b60D3e5A9c41B2',
    risk_score: 71,
    risk_level: 'high',
    aml_status: 'Review Required',
    sanctions: 'Listed on OFAC SDN',
    linked_wallets: 2,
    linked_wallets_addresses: ['0x2C7b4E91d0A35f68B1e2D4c9A7f03E5b6C81d9F4', '0xA91e0c3D57b2F846e1C0d9B3a4E7f25D68c1B0e7'],
    aml_report: '1. Overview\nSanctions screening: 1 match\n---\nRisk score: 71/100\nRisk level: High Risk',
  };

  it('shows the risk badge, the status, shortened linked wallets with copy buttons and the styled report', () => {
    const { container } = renderInTheme(<AnalysisResult analysis={analysis} onDownload={() => undefined} />);
    screen.getByText('High Risk');
    screen.getByText('Requires further review');
    screen.getByText('0x2C7b...d9F4');
    screen.getByText('0xA91e...B0e7');
    screen.getByRole('button', { name: 'Copy linked wallet 0x2C7b...d9F4' });
    screen.getByRole('button', { name: 'Copy wallet address' });
    screen.getByRole('img', { name: 'Needs attention' });
    screen.getByRole('img', { name: 'Review linked wallets' });
    expect(container.querySelectorAll('[data-line="risk"]').length).toBe(2);
    expect(container.querySelectorAll('[data-line="sanctions"]').length).toBe(1);
    expect(container.querySelectorAll('[data-line="heading"]').length).toBe(1);
    expect((screen.getByRole('button', { name: /Download AML Report/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('reads "Preparing report..." while the PDF is prepared', () => {
    renderInTheme(<AnalysisResult analysis={analysis} onDownload={() => undefined} downloading />);
    screen.getByRole('button', { name: /Preparing report\.\.\./ });
  });

  it('marks "Safe address" and a Low risk as positive', () => {
    renderInTheme(<AnalysisResult analysis={{ ...analysis, risk_level: 'Low Risk', sanctions: 'Safe address' }} />);
    screen.getByRole('img', { name: 'No sanctions or blacklist match' });
    screen.getByRole('img', { name: 'Linked wallets pose low risk' });
  });

  it('counts linked wallets from an address list too (history detail)', () => {
    expect(describeAnalysis({ linked_wallets: ['0xabc', '0xdef'] })).toMatchObject({ linkedCount: 2, linkedAddresses: ['0xabc', '0xdef'] });
  });
});

describe('an incomplete analysis', () => {
  const incomplete = {
    wallet_address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    risk_score: 0,
    risk_level: 'Incomplete',
    aml_status: 'Incomplete — data unavailable',
    sanctions: 'No match for the address itself; its counterparties could not be screened (blockchain data unavailable)',
    missing_evidence: ['Blockchain data: Bitcoin data could not be fetched: mempool.space could not be reached.'],
    aml_report:
      'Incomplete — data unavailable: this check lacks evidence.\n1. Wallet overview\n---\nRisk score: not given, the check is incomplete\nRisk level: Incomplete',
  };

  it('says what is missing, shows no score, no green and no Low', () => {
    const { container } = renderInTheme(<AnalysisResult analysis={incomplete} />);
    const banner = screen.getByTestId('missing-evidence');
    within(banner).getByText('Incomplete — data unavailable');
    within(banner).getByText('Blockchain data: Bitcoin data could not be fetched: mempool.space could not be reached.');
    within(banner).getByText(/run the check again/);
    expect(screen.getByTestId('risk-score-value').textContent).toBe('Not scored');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText(/0 \/ 100|Low Risk|Compliant$/)).toBeNull();
    expect(screen.getAllByText('Incomplete').length).toBeGreaterThan(0);
    screen.getAllByText('Incomplete — data unavailable');
    expect(container.querySelectorAll('[data-tone="low"]').length).toBe(0);
    expect(screen.queryByRole('img', { name: 'No sanctions or blacklist match' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Linked wallets pose low risk' })).toBeNull();
    // Without blockchain data the linked wallets are unknown, not absent.
    screen.getByText('Unknown: blockchain data could not be fetched');
    expect(screen.queryByText('No linked wallets found')).toBeNull();
  });

  it('keeps a High verdict that stands without the missing evidence, and says what is missing', () => {
    renderInTheme(<AnalysisResult analysis={{ ...incomplete, risk_score: 100, risk_level: 'High Risk', aml_status: 'Non-compliant' }} />);
    within(screen.getByTestId('missing-evidence')).getByText('Some evidence could not be gathered');
    expect(screen.getByTestId('risk-score-value').textContent).toBe('100 / 100');
  });
});

describe('marked linked wallets', () => {
  it('marks which counterparty is sanctioned or flagged, and why, sanctioned first', () => {
    const sanctioned = '0x2C7b4E91d0A35f68B1e2D4c9A7f03E5b6C81d9F4';
    const plain = '0xA91e0c3D57b2F846e1C0d9B3a4E7f25D68c1B0e7';
    const mixer = '0x5dE8f1A2b9C04e73D6a1F0c8B5e29A47d3C6b1F0';
    renderInTheme(
      <AnalysisResult
        analysis={{
          risk_level: 'High Risk',
          linked_wallets: 3,
          linked_wallets_addresses: [plain, mixer, sanctioned],
          linked_wallets_details: [
            { address: plain, share: 0.5, risk: 'none', reasons: [] },
            { address: mixer, share: 0.08, risk: 'flagged', reasons: ['Labelled mixer: Example Mixer (source: test labels)'] },
            { address: sanctioned, share: 0.42, risk: 'sanctioned', reasons: ['Sanctioned: EXAMPLE LTD (OFAC SDN: CYBER2; listed under ETH)'] },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('linked-wallets-count').parentElement!.textContent).toBe('3 linked wallets, 1 sanctioned, 1 flagged');
    const items = within(screen.getByRole('list', { name: 'Linked wallet addresses' })).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-risk'))).toEqual(['sanctioned', 'flagged', 'none']);
    within(items[0]!).getByText('Sanctioned');
    within(items[0]!).getByText('Sanctioned: EXAMPLE LTD (OFAC SDN: CYBER2; listed under ETH)');
    within(items[0]!).getByText('42%');
    within(items[1]!).getByText('Flagged');
    within(items[1]!).getByText('Labelled mixer: Example Mixer (source: test labels)');
  });
});

describe('the attribution coverage', () => {
  it('says how much of the examined value is with known addresses under the source of funds, and nothing when the check does not say', () => {
    const { unmount } = renderInTheme(
      <AnalysisResult
        analysis={{
          risk_level: 'Low Risk',
          attribution_coverage: { attributed: 0.624, direct: 0.561, indirect: 0.043, by_clustering: 0.02, unlabelled: 0.376 },
        }}
      />,
    );
    expect(screen.getByTestId('attribution-coverage').textContent).toBe(
      'Attribution coverage: 62.4% of all value (received and sent) is with addresses whose nature is known (56.1% directly, 4.3% through intermediaries, 2% by clustering); 37.6% with unlabelled addresses.',
    );
    unmount();
    renderInTheme(<AnalysisResult analysis={{ risk_level: 'Low Risk', attribution_coverage: null }} />);
    expect(screen.queryByTestId('attribution-coverage')).toBeNull();
  });
});

describe('the fund flow', () => {
  it('has a card of its own when the check drew a graph, summed up in words, and none otherwise', async () => {
    const { unmount } = render(
      <MantineProvider env="test">
        <MemoryRouter>
          <AnalysisResult analysis={{ risk_level: 'Medium Risk', fund_flow: scenarioFlow }} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const card = screen.getByTestId('fund-flow-card');
    within(card).getByRole('heading', { name: 'Fund flow' });
    expect(within(card).getByTestId('fund-flow-summary').textContent).toMatch(/^The wallet, its 3 direct counterparties/);
    // The graph's module loads on first render: on a loaded machine that takes longer than findAll's default second.
    expect(await within(card).findAllByTestId('fund-flow-node', {}, { timeout: 15_000 })).toHaveLength(scenarioFlow.nodes.length);
    unmount();
    renderInTheme(<AnalysisResult analysis={{ risk_level: 'Low Risk', fund_flow: null }} />);
    expect(screen.queryByTestId('fund-flow-card')).toBeNull();
  });
});
