import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { AnalysisResult, describeAnalysis } from './analysis-result';

function renderInTheme(ui: ReactElement) {
  return render(<MantineProvider env="test">{ui}</MantineProvider>);
}

describe('an analysis with no values', () => {
  it('shows the fallbacks: Unknown, No recommendation, no linked wallets and No report available', () => {
    renderInTheme(<AnalysisResult analysis={{}} />);

    screen.getByRole('heading', { name: 'Analysis Result' });
    for (const title of ['Wallet Address', 'Risk Score', 'AML Compliance Status', 'Wallet Age', 'Jurisdiction', 'Sanctions & Blacklists', 'Source of Funds', 'Recommendations', 'Linked Wallets', 'AML Report']) {
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
