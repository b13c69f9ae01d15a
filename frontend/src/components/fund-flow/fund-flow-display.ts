/**
 * How the fund-flow graph reads: the colour group and name of each category, shares in words, the
 * size of a node, the flows of an address in words, and the sentence that sums the graph up (the
 * graph's description for screen readers, and what every viewer reads first). Pure.
 */
import { categoryInWords, networks, shortenAddress, UNLABELLED, type FundFlow, type FundFlowNode, type Network } from '@walletscreen/contracts';

/**
 * The colour groups of the categories: sanctions, terrorism financing and block lists (what no
 * allow list clears, or the institution's own refusal), the severe categories, those that call
 * for review, services, and addresses with no category. The risk colours (red, gold) are for the
 * first three only.
 */
export const fundFlowTones = ['sanction', 'severe', 'review', 'service', 'unlabelled'] as const;
export type FundFlowTone = (typeof fundFlowTones)[number];

const toneOfCategory: Record<string, FundFlowTone> = {
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
};

/** The colour group of a category; an unknown one reads as a service, never as clean or as a risk it is not. */
export function categoryTone(category: string): FundFlowTone {
  if (category === UNLABELLED || category === '') return 'unlabelled';
  return toneOfCategory[category] ?? 'service';
}

/** The legend: what each colour stands for. */
export const toneLegend: Record<FundFlowTone, string> = {
  sanction: 'Sanctioned, terrorism financing or on your block list',
  severe: 'Ransomware, darknet, mixer or CoinJoin',
  review: 'Theft, exploit, phishing, scam, sextortion, frozen by issuer or gambling',
  service: 'Exchange, DeFi, bridge, mining pool or other service',
  unlabelled: 'Unlabelled',
};

const categoryNames: Record<string, string> = { 'custom-block': 'On your block list', [UNLABELLED]: 'Unlabelled' };

/** A category as it stands inside a sentence: "sanctioned", "on your block list", "DeFi", "frozen by issuer", "CoinJoin". */
export function categoryText(category: string): string {
  if (!category) return 'unlabelled';
  const name = categoryNames[category];
  return name ? name.charAt(0).toLowerCase() + name.slice(1) : categoryInWords(category);
}

/** "Sanctioned", "On your block list", "DeFi", "Frozen by issuer", "CoinJoin", "Unlabelled". */
export function categoryLabel(category: string): string {
  const words = categoryText(category);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A share in words: "15%", "2.5%", "0.4%", "under 0.1%". */
export function sharePercent(share: number): string {
  if (!Number.isFinite(share) || share <= 0) return '0%';
  if (share < 0.001) return 'under 0.1%';
  const pct = share * 100;
  return `${pct >= 10 ? Math.round(pct) : Math.round(pct * 10) / 10}%`;
}

/** Hops in words: "the wallet", "direct", "2 hops". */
export function hopLabel(hop: number): string {
  return hop === 0 ? 'Wallet' : hop === 1 ? 'Direct' : `${hop} hops`;
}

/** Circle diameter in pixels: the square root of the share, so the area follows it; never too small to see. */
export const NODE_MIN_SIZE = 22;
export const NODE_MAX_SIZE = 64;
export function nodeSize(share: number, wallet = false): number {
  if (wallet) return NODE_MAX_SIZE;
  const s = Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 0;
  return Math.round(NODE_MIN_SIZE + (NODE_MAX_SIZE - NODE_MIN_SIZE - 8) * Math.sqrt(s));
}

/** The network of a graph when it is one the wallet checker knows. */
export function networkOf(flow: Pick<FundFlow, 'network'>): Network | undefined {
  return (networks as readonly string[]).includes(flow.network) ? (flow.network as Network) : undefined;
}

/** The wallet checker with an address filled in (and its network): the check starts only when asked. */
export function walletCheckerPath(address: string, network?: string): string {
  return `/dashboard/wallet-checker?${new URLSearchParams({ address, ...(network ? { network } : {}) })}`;
}

/** The admin Wallets screen opened on an address. */
export function adminWalletPath(address: string, network: string): string {
  return `/admin/wallets?${new URLSearchParams({ network, address })}`;
}

const nameOf = (node: FundFlowNode | undefined, address: string) => (node?.hop === 0 ? 'the wallet' : shortenAddress(address));

/** The flows of an address towards the wallet, in words: "Sent 45% to 0x12ab...cdef", "Received 20% from the wallet". */
export function flowsOf(flow: FundFlow, node: FundFlowNode): string[] {
  const nodes = new Map(flow.nodes.map((n) => [n.address, n]));
  return flow.edges
    .filter(
      (e) =>
        (e.from === node.address || e.to === node.address) && (nodes.get(e.from === node.address ? e.to : e.from)?.hop ?? 0) <= node.hop && e.from !== e.to,
    )
    .map((e) =>
      e.from === node.address
        ? `Sent ${sharePercent(e.share)} to ${nameOf(nodes.get(e.to), e.to)}`
        : `Received ${sharePercent(e.share)} from ${nameOf(nodes.get(e.from), e.from)}`,
    );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The graph in a few sentences: how many addresses at which hops, the marked ones (most severe first) and what was left out. */
export function describeFundFlow(flow: FundFlow): string {
  const direct = flow.nodes.filter((n) => n.hop === 1);
  const beyond = flow.nodes.filter((n) => n.hop > 1);
  if (direct.length === 0) return 'No counterparty was found in the transactions examined.';
  const counterparties = `its ${plural(direct.length, 'direct counterparty', 'direct counterparties')}`;
  const parts = [
    beyond.length > 0
      ? `The wallet, ${counterparties} and ${plural(beyond.length, 'address', 'addresses')} beyond them that funds were traced to (up to ${Math.max(...beyond.map((n) => n.hop))} hops).`
      : `The wallet and ${counterparties}${flow.depth < 2 ? '; funds were not traced beyond them' : ''}.`,
  ];
  const marked = flow.nodes
    .filter((n) => n.hop > 0 && n.category !== UNLABELLED)
    .sort((a, b) => fundFlowTones.indexOf(categoryTone(a.category)) - fundFlowTones.indexOf(categoryTone(b.category)) || b.share - a.share);
  const risky = marked.filter((n) => categoryTone(n.category) !== 'service');
  if (risky.length > 0) {
    const shown = risky
      .slice(0, 5)
      .map(
        (n) =>
          `${shortenAddress(n.address)} (${categoryText(n.category)}${n.by_clustering ? ' by clustering' : ''}, ${hopLabel(n.hop).toLowerCase()}, ${sharePercent(n.share)} of all value)`,
      );
    parts.push(`Marked: ${shown.join('; ')}${risky.length > 5 ? `; and ${risky.length - 5} more` : ''}.`);
  } else parts.push('No address in it is sanctioned, block-listed or labelled with a risk category.');
  const services = marked.length - risky.length;
  if (services > 0)
    parts.push(`${plural(services, 'address is a labelled service', 'addresses are labelled services')} (exchange, DeFi, bridge, mining pool or other).`);
  if (flow.omitted > 0) parts.push(`${plural(flow.omitted, 'smaller counterparty is', 'smaller counterparties are')} left out of the picture.`);
  return parts.join(' ');
}

/**
 * A node's category as shown: "Exchange", or "Exchange (by clustering)" when it takes the category
 * from its cluster only (spent together with an address labelled so), weaker than a label of its own.
 */
export function nodeCategoryLabel(node: Pick<FundFlowNode, 'category' | 'by_clustering'>): string {
  return `${categoryLabel(node.category)}${node.by_clustering ? ' (by clustering)' : ''}`;
}

/** How a node is announced: "Wallet 0x12ab...cdef", "0x12ab...cdef: sanctioned, 2 hops, 15% of all value". */
export function nodeLabel(node: FundFlowNode): string {
  const category = `${categoryText(node.category)}${node.by_clustering ? ' by clustering' : ''}`;
  if (node.hop === 0) return `Wallet ${shortenAddress(node.address)}: ${category}`;
  return `${shortenAddress(node.address)}: ${category}, ${hopLabel(node.hop).toLowerCase()}, ${sharePercent(node.share)} of all value`;
}
