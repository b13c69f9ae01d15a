import { reportBlocks } from './report-blocks';

describe('the report in the history details', () => {
  it('makes lines starting with a number and a dot bold headings and the rest paragraphs', () => {
    expect(reportBlocks('1. Wallet Overview\nEthereum mainnet address.\n\n2. Sanctions Screening\nNo match.\n12. Notes')).toEqual([
      { kind: 'heading', text: '1. Wallet Overview' },
      { kind: 'paragraph', text: 'Ethereum mainnet address.' },
      { kind: 'heading', text: '2. Sanctions Screening' },
      { kind: 'paragraph', text: 'No match.' },
      { kind: 'heading', text: '12. Notes' },
    ]);
  });

  it('does not take a number without a dot, or a decimal figure, for a heading', () => {
    expect(reportBlocks('2024 was quiet\n3 transfers\n1.5 ETH received').map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'paragraph']);
  });

  it('turns a "---" line into a divider and skips blank lines', () => {
    expect(reportBlocks('Risk score: 12/100\r\n---\r\n\r\nRisk level: Low Risk')).toEqual([
      { kind: 'paragraph', text: 'Risk score: 12/100' },
      { kind: 'divider' },
      { kind: 'paragraph', text: 'Risk level: Low Risk' },
    ]);
  });

  it('has no blocks for an empty report ("No report available")', () => {
    expect(reportBlocks('')).toEqual([]);
    expect(reportBlocks('  \n\n ')).toEqual([]);
    expect(reportBlocks(undefined)).toEqual([]);
  });
});
