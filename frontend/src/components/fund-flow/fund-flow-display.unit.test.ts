import { fundFlowCategories, type FundFlow } from '@walletscreen/contracts';
import {
  categoryLabel,
  categoryText,
  categoryTone,
  fundFlowTones,
  describeFundFlow,
  flowsOf,
  nodeLabel,
  nodeSize,
  NODE_MAX_SIZE,
  NODE_MIN_SIZE,
  sharePercent,
  walletCheckerPath,
} from './fund-flow-display';
import { A, scenarioFlow } from '../../test/fund-flow-fixture';

describe('how the fund-flow graph reads', () => {
  it('colours sanctions and block lists, severe categories and those to review in the risk colours, services and unlabelled addresses apart', () => {
    expect(Object.fromEntries(fundFlowCategories.map((c) => [c, categoryTone(c)]))).toEqual({
      sanctioned: 'sanction',
      'custom-block': 'sanction',
      terrorism: 'sanction',
      ransomware: 'severe',
      darknet: 'severe',
      mixer: 'severe',
      coinjoin: 'severe',
      exploit: 'review',
      theft: 'review',
      phishing: 'review',
      scam: 'review',
      sextortion: 'review',
      frozen: 'review',
      gambling: 'review',
      bridge: 'service',
      defi: 'service',
      exchange: 'service',
      miner: 'service',
      other: 'service',
    });
    // Most severe first: no category is coloured milder than one after it.
    const tones = fundFlowCategories.map((c) => fundFlowTones.indexOf(categoryTone(c)));
    expect(tones).toEqual([...tones].sort((a, b) => a - b));
    expect(categoryTone('unlabelled')).toBe('unlabelled');
    // A category the browser does not know yet is neither clean nor a risk.
    expect(categoryTone('nft-marketplace')).toBe('service');
    expect(['custom-block', 'defi', 'unlabelled', 'mixer'].map(categoryLabel)).toEqual(['On your block list', 'DeFi', 'Unlabelled', 'Mixer']);
    expect(['frozen', 'coinjoin', 'terrorism', 'miner', 'exploit', 'phishing', 'sextortion'].map(categoryLabel)).toEqual([
      'Frozen by issuer',
      'CoinJoin',
      'Terrorism financing',
      'Mining pool',
      'Exploit',
      'Phishing',
      'Sextortion',
    ]);
    expect(['custom-block', 'coinjoin', 'frozen', 'sanctioned', ''].map(categoryText)).toEqual([
      'on your block list',
      'CoinJoin',
      'frozen by issuer',
      'sanctioned',
      'unlabelled',
    ]);
  });

  it('words shares and sizes circles by the square root of the share, within bounds', () => {
    expect([1, 0.6, 0.15, 0.025, 0.004, 0.0004, 0].map(sharePercent)).toEqual(['100%', '60%', '15%', '2.5%', '0.4%', 'under 0.1%', '0%']);
    expect(nodeSize(0)).toBe(NODE_MIN_SIZE);
    expect(nodeSize(0.6, true)).toBe(NODE_MAX_SIZE);
    expect(nodeSize(1)).toBeLessThan(NODE_MAX_SIZE);
    // Four times the share, twice the growth.
    expect(nodeSize(0.64) - NODE_MIN_SIZE).toBeCloseTo(2 * (nodeSize(0.16) - NODE_MIN_SIZE), -1);
  });

  it('sums the graph up: the addresses by hop, the marked ones most severe first, and what was left out', () => {
    expect(describeFundFlow(scenarioFlow)).toBe(
      'The wallet, its 3 direct counterparties and 4 addresses beyond them that funds were traced to (up to 2 hops). ' +
        'Marked: bc1qli...xxxx (sanctioned, 2 hops, 15% of all value); bc1qmi...zzzz (mixer, 2 hops, 5% of all value). ' +
        '1 address is a labelled service (exchange, DeFi, bridge, mining pool or other).',
    );
    const direct: FundFlow = { ...scenarioFlow, depth: 1, nodes: scenarioFlow.nodes.filter((n) => n.hop < 2 && n.category !== 'exchange'), omitted: 3 };
    expect(describeFundFlow(direct)).toBe(
      'The wallet and its 2 direct counterparties; funds were not traced beyond them. No address in it is sanctioned, block-listed or labelled with a risk category. 3 smaller counterparties are left out of the picture.',
    );
    expect(describeFundFlow({ ...scenarioFlow, nodes: scenarioFlow.nodes.slice(0, 1), edges: [] })).toBe(
      'No counterparty was found in the transactions examined.',
    );
  });

  it('says which way funds moved between an address and those nearer the wallet', () => {
    const byAddress = (a: string) => scenarioFlow.nodes.find((n) => n.address === a)!;
    expect(flowsOf(scenarioFlow, byAddress(A.i1))).toEqual(['Sent 60% to the wallet']);
    expect(flowsOf(scenarioFlow, byAddress(A.i2))).toEqual(['Received 20% from the wallet']);
    expect(flowsOf(scenarioFlow, byAddress(A.x))).toEqual(['Sent 15% to bc1qin...1111']);
    expect(flowsOf(scenarioFlow, byAddress(A.wallet))).toEqual([]);
    expect(nodeLabel(byAddress(A.x))).toBe('bc1qli...xxxx: sanctioned, 2 hops, 15% of all value');
    expect(nodeLabel(byAddress(A.wallet))).toBe('Wallet bc1qwa...wwww: unlabelled');
  });

  it('links to the wallet checker with the address and network filled in', () => {
    expect(walletCheckerPath(A.x, 'bitcoin')).toBe(`/dashboard/wallet-checker?address=${A.x}&network=bitcoin`);
    expect(walletCheckerPath('0xAb&c')).toBe('/dashboard/wallet-checker?address=0xAb%26c');
  });
});
