import type { ChainData, Counterparty } from '../chain-data/types';
import { analyzePatterns, type CounterpartyFacts } from './patterns';

const now = '2026-11-22T00:00:00.000Z';
const cp = (address: string, direction: Counterparty['direction'], received: string, sent: string, txCount = 1): Counterparty => ({
  address,
  direction,
  txCount,
  received,
  sent,
  firstSeen: null,
  lastSeen: null,
});
const chain = (over: Partial<ChainData>): ChainData => ({
  network: 'ethereum',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  provider: 'blockscout:ethereum',
  sourceUrl: 'https://eth.blockscout.com',
  fetchedAt: now,
  symbol: 'ETH',
  balance: '1',
  totalReceived: '10',
  totalSent: '9',
  txCount: 5,
  firstSeen: '2024-01-01T00:00:00.000Z',
  lastSeen: now,
  transactionsExamined: 5,
  complete: true,
  counterparties: [],
  ...over,
});

describe('transaction patterns', () => {
  it('breaks exposure and the source of funds down by category, and measures sanctioned exposure', () => {
    const data = chain({ counterparties: [cp('0xexchange', 'in', '6', '0'), cp('0xmixer', 'both', '2', '1'), cp('0xsanctioned', 'out', '0', '1')] });
    const facts = new Map<string, CounterpartyFacts>([
      ['0xexchange', { categories: ['exchange'], sanctioned: false }],
      ['0xmixer', { categories: ['mixer'], sanctioned: false }],
      ['0xsanctioned', { categories: [], sanctioned: true }],
    ]);
    const p = analyzePatterns(data, facts, now);
    expect(p.exposure).toEqual({ exchange: 0.6, mixer: 0.3 });
    expect(p.incomingExposure).toEqual({ exchange: 0.75, mixer: 0.25 });
    expect(p.sanctionedCounterparties).toBe(1);
    expect(p.sanctionedVolumeShare).toBeCloseTo(0.1);
    expect(p.flags).toEqual(['mixer-interaction']);
  });

  it('flags pass-through, fan-in, fan-out and dusting with their numbers', () => {
    const senders = Array.from({ length: 30 }, (_, i) => cp(`0xin${i}`, 'in', i < 12 ? '0.00000001' : '1', '0'));
    const receivers = Array.from({ length: 26 }, (_, i) => cp(`0xout${i}`, 'out', '0', '0.5'));
    const p = analyzePatterns(
      chain({ txCount: 60, balance: '0.01', totalReceived: '18', totalSent: '17.99', counterparties: [...senders, ...receivers] }),
      new Map(),
      now,
    );
    expect(p.flags).toEqual(['pass-through', 'fan-in', 'fan-out', 'dusting']);
    expect(p.notes[0]).toMatch(/100% of everything received was sent on/);
  });

  it('flags a new wallet with a large volume, per chain unit', () => {
    const p = analyzePatterns(chain({ firstSeen: '2026-11-10T00:00:00.000Z', totalReceived: '40', totalSent: '0', balance: '40' }), new Map(), now);
    expect(p.flags).toEqual(['new-wallet-large-volume']);
    expect(analyzePatterns(chain({ firstSeen: '2026-11-10T00:00:00.000Z', totalReceived: '1', totalSent: '0' }), new Map(), now).flags).toEqual([]);
  });
});
