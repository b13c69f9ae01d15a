/**
 * Test support: chain data and traces written by hand, for the tests of what is computed from
 * them (exposure attribution, the fund-flow graph). Amounts in the native unit, as providers give them.
 */
import type { TraceEvidence, TraceExpansion } from '../src/chain-data/trace';
import { traceFlowOf } from '../src/chain-data/trace';
import type { ChainData, Counterparty } from '../src/chain-data/types';

/** An EVM address made of a number, easy to tell apart in a failing test. */
export const evm = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;

/** A counterparty the wallet received `received` from and sent `sent` to, in one transaction. */
export const flow = (address: string, received: string, sent: string, tokens?: Counterparty['tokens']): Counterparty => ({
  address,
  direction: received !== '0' && sent !== '0' ? 'both' : received !== '0' ? 'in' : 'out',
  txCount: 1,
  received,
  sent,
  firstSeen: null,
  lastSeen: null,
  ...(tokens ? { tokens } : {}),
});

/** An Ethereum wallet's data with these counterparties, its whole history examined. */
export const chain = (address: string, counterparties: Counterparty[]): ChainData => ({
  network: 'ethereum',
  address,
  provider: 'test-provider',
  sourceUrl: 'http://127.0.0.1',
  fetchedAt: '2026-11-25T00:00:00.000Z',
  symbol: 'ETH',
  balance: '0',
  totalReceived: null,
  totalSent: null,
  txCount: counterparties.length,
  firstSeen: null,
  lastSeen: null,
  transactionsExamined: counterparties.length,
  complete: true,
  counterparties,
});

/** An address the trace read at `hop`, reached through `via`, with these counterparties. */
export const expansion = (address: string, hop: number, via: string, counterparties: Counterparty[]): TraceExpansion => ({
  address,
  hop,
  via,
  ok: true,
  provider: 'test-provider',
  fetchedAt: '2026-11-25T00:00:00.000Z',
  transactionsExamined: counterparties.length,
  complete: true,
  fromCache: false,
  counterparties: counterparties.map(traceFlowOf),
});

/** A trace of `depth` hops that made `requests` requests and expanded these addresses. */
export const trace = (expansions: TraceExpansion[], depth: number, requests: number): TraceEvidence => ({
  depth,
  fanOut: 5,
  requestBudget: 30,
  requests,
  expansions,
  notExpanded: [],
});
