import { classifyAmlStatus, classifyRiskLabel, walletAnalysisSchema } from '@walletscreen/contracts';
import { parseReport } from '../../components/analysis-result/report-lines';
import { SAMPLE_LOW_RISK_ANALYSIS } from './sample-analysis';

describe('the demo sample', () => {
  it('is a well-formed Low-risk, compliant analysis', () => {
    expect(walletAnalysisSchema.parse(SAMPLE_LOW_RISK_ANALYSIS)).toEqual(SAMPLE_LOW_RISK_ANALYSIS);
    expect(classifyRiskLabel(SAMPLE_LOW_RISK_ANALYSIS.risk_level).level).toBe('low');
    expect(classifyAmlStatus(SAMPLE_LOW_RISK_ANALYSIS.aml_status).kind).toBe('compliant');
    expect(SAMPLE_LOW_RISK_ANALYSIS.wallet_address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('has a report with numbered sections, the risk lines and dividers', () => {
    const kinds = parseReport(SAMPLE_LOW_RISK_ANALYSIS.aml_report).map((line) => line.kind);
    expect(kinds.filter((k) => k === 'risk')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'divider')).toHaveLength(2);
    expect(kinds).toContain('sanctions');
  });
});
