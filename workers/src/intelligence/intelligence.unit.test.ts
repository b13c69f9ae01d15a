import { CHAINABUSE_NOT_CONFIGURED } from './chainabuse';
import { createIntelligence, summarizeChainabuse } from './intelligence';
import { LabelsFileError, shippedLabelsVersion } from './labels';

const url = 'https://www.chainabuse.com/address/0x5fd3a3e6b0b9e1c17a5a3c61e2a4c0bd28d4e7a1';

describe('summarizeChainabuse: the sentence on the report', () => {
  it.each([
    ['reports with categories', { status: 'ok', reports: 2, categories: ['scam', 'phishing'], url }, `2 reports (scam, phishing): ${url}`],
    ['one report', { status: 'ok', reports: 1, categories: ['phishing'], url }, `1 report (phishing): ${url}`],
    ['reports without a category', { status: 'ok', reports: 3, categories: [], url }, `3 reports: ${url}`],
    ['no report', { status: 'ok', reports: 0, categories: [], url }, 'No reports'],
    ['not configured', { status: 'not-configured', reason: CHAINABUSE_NOT_CONFIGURED }, 'Not queried: Chainabuse is not set up on this installation'],
    ['unavailable', { status: 'unavailable', reason: 'Chainabuse did not answer within 8 s' }, 'Chainabuse did not answer within 8 s'],
  ] as const)('%s', (_, result, sentence) => {
    expect(summarizeChainabuse(result as Parameters<typeof summarizeChainabuse>[0])).toBe(sentence);
  });
});

describe('createIntelligence', () => {
  const chainabuse = { baseUrl: 'https://api.chainabuse.com/v0', timeoutMs: 8000 };

  it('without a key: Chainabuse is not configured and is never called', async () => {
    const fetch = jest.fn<ReturnType<typeof globalThis.fetch>, Parameters<typeof globalThis.fetch>>();
    const intelligence = createIntelligence({ chainabuse: { ...chainabuse, apiKey: '  ' }, fetch });
    expect(intelligence.chainabuseConfigured).toBe(false);
    await expect(intelligence.chainabuseReports('ethereum', '0x5fd3a3e6b0b9e1c17a5a3c61e2a4c0bd28d4e7a1')).resolves.toEqual({
      status: 'not-configured',
      reason: 'Not queried: Chainabuse is not set up on this installation',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('with a key: configured; the labels version is the shipped one without an extra file', () => {
    const intelligence = createIntelligence({ chainabuse: { ...chainabuse, apiKey: 'k' } });
    expect(intelligence.chainabuseConfigured).toBe(true);
    expect(intelligence.labelsVersion).toBe(shippedLabelsVersion);
  });

  it('refuses to start with an invalid extra labels file, naming the entries', () => {
    const file = `${__dirname}/../../test-fixtures/intelligence/invalid-labels.json`;
    expect(() => createIntelligence({ extraLabelsFile: file, chainabuse })).toThrow(LabelsFileError);
    expect(() => createIntelligence({ extraLabelsFile: file, chainabuse })).toThrow(
      /entry 3 \(Unknown category, 0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359\): category must be one of/,
    );
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => createIntelligence({ chainabuse: { ...chainabuse, baseUrl: 'ftp://example.com' } })).toThrow(
      'The Chainabuse base URL must be an http(s) URL, got "ftp://example.com"',
    );
  });
});
