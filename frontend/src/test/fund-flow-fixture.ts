/**
 * A fund-flow graph as a check gives it, for the tests: the two-hop scenario of
 * workers/test-fixtures/chain-data/README.md on Bitcoin (shares computed by hand there).
 */
import type { FundFlow, FundFlowNode } from '@walletscreen/contracts';

export const A = {
  wallet: 'bc1qwallet0000000000000000000000000000wwww',
  i1: 'bc1qinter1000000000000000000000000000001111',
  i2: 'bc1qinter2000000000000000000000000000002222',
  e: 'bc1qexchange0000000000000000000000000000eeee',
  x: 'bc1qlisted00000000000000000000000000000xxxx',
  y: 'bc1qyyyyyy00000000000000000000000000000yyyy',
  v: 'bc1qvvvvvv00000000000000000000000000000vvvv',
  z: 'bc1qmixer000000000000000000000000000000zzzz',
};

const node = (address: string, hop: number, share: number, category = 'unlabelled', reasons: string[] = [], traced = false): FundFlowNode => ({
  address,
  hop,
  category,
  categories: category === 'unlabelled' ? [] : [category],
  reasons,
  share,
  traced,
  explorer_url: `https://mempool.space/address/${address}`,
});

export const scenarioFlow: FundFlow = {
  network: 'bitcoin',
  depth: 2,
  nodes: [
    node(A.wallet, 0, 1),
    node(A.i1, 1, 0.6, 'unlabelled', [], true),
    node(A.e, 1, 0.2, 'exchange', ['Labelled exchange: Exchange E (test) (source: https://compliance.example.com/cases/trace)']),
    node(A.i2, 1, 0.2, 'unlabelled', [], true),
    node(A.y, 2, 0.45),
    node(A.x, 2, 0.15, 'sanctioned', ['Sanctioned: TRACED PARTY ON THE LIST (OFAC SDN: CYBER2; listed under XBT)']),
    node(A.v, 2, 0.15),
    node(A.z, 2, 0.05, 'mixer', ['Labelled mixer: Mixer Z (test) (source: https://compliance.example.com/cases/trace)']),
  ],
  edges: [
    { from: A.i1, to: A.wallet, share: 0.6 },
    { from: A.y, to: A.i1, share: 0.45 },
    { from: A.e, to: A.wallet, share: 0.2 },
    { from: A.wallet, to: A.i2, share: 0.2 },
    { from: A.x, to: A.i1, share: 0.15 },
    { from: A.i2, to: A.v, share: 0.15 },
    { from: A.i2, to: A.z, share: 0.05 },
  ],
  omitted: 0,
};
