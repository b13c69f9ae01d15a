/**
 * Stage 7: the report. Turns the evidence, the risk assessment and the narrative into the
 * analysis fields the browser reads and the `aml_report` text with numbered sections. Pure.
 */
import { networkNames, shortenAddress, type Network, type WalletAnalysis } from '@walletscreen/contracts';
import type { PatternFlag, RiskAssessment, RiskCategory } from './risk-model';

export interface ReportCounterparty {
  address: string;
  /** Share (0-1) of the examined volume. */
  share: number;
  categories: RiskCategory[];
  sanctioned: boolean;
  /** On one of the administrator's custom block lists (and not cleared by an allow list). */
  customBlocked?: boolean;
}

export interface ReportInputs {
  checkId: string;
  address: string;
  network: Network;
  now: string;
  chain:
    | { available: true; provider: string; symbol: string; balance: string; txCount: number; firstSeen: string | null; lastSeen: string | null; transactionsExamined: number; complete: boolean; counterparties: ReportCounterparty[] }
    | { available: false; reason: string };
  sanctions: {
    listLoaded: boolean;
    listPublishedAt: string | null;
    listSha256: string | null;
    direct: Array<{ entity: string; programs: string[]; list: string }>;
    /** The administrator's custom lists: those in force, and the ones the wallet is on. */
    custom?: {
      consulted: Array<{ name: string; kind: 'block' | 'allow'; version: number }>;
      blocked: Array<{ name: string; note?: string }>;
      allowed: Array<{ name: string }>;
    };
  };
  intelligence: { ownLabels: Array<{ category: RiskCategory; name: string; source: string; jurisdiction?: string }>; abuseReports: number; chainabuse: string };
  exposure: Partial<Record<RiskCategory, number>>;
  incomingExposure: Partial<Record<RiskCategory, number>>;
  flags: PatternFlag[];
  assessment: RiskAssessment;
  narrative: { writer: string; summary: string; recommendations: string[]; fallbackReason?: string };
}

const EXPLORERS: Record<Network, string> = {
  bitcoin: 'https://mempool.space/address/',
  litecoin: 'https://litecoinspace.org/address/',
  dogecoin: 'https://blockchair.com/dogecoin/address/',
  'bitcoin-cash': 'https://blockchair.com/bitcoin-cash/address/',
  ethereum: 'https://etherscan.io/address/',
  bsc: 'https://bscscan.com/address/',
  polygon: 'https://polygonscan.com/address/',
  arbitrum: 'https://arbiscan.io/address/',
  base: 'https://basescan.org/address/',
  optimism: 'https://optimistic.etherscan.io/address/',
  tron: 'https://tronscan.org/#/address/',
  solana: 'https://solscan.io/account/',
  xrp: 'https://xrpscan.com/account/',
};

export function explorerLink(network: Network, address: string): string {
  return `${EXPLORERS[network]}${address}`;
}

/** "2 years 4 months", "3 months 12 days", "5 days", from the first transaction to now. */
export function walletAge(firstSeen: string | null, now: string): string {
  if (!firstSeen) return 'No transactions found';
  const from = new Date(firstSeen);
  const to = new Date(now);
  if (Number.isNaN(from.getTime()) || to < from) return 'Unknown';
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  if (to.getUTCDate() < from.getUTCDate()) months -= 1;
  const anchor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, from.getUTCDate()));
  const days = Math.floor((to.getTime() - anchor.getTime()) / 86_400_000);
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (years > 0) return rest > 0 ? `${unit(years, 'year')} ${unit(rest, 'month')}` : unit(years, 'year');
  if (months > 0) return days > 0 ? `${unit(months, 'month')} ${unit(days, 'day')}` : unit(months, 'month');
  return days > 0 ? unit(days, 'day') : 'Less than a day';
}

const pct = (share: number) => `${Math.round(share * 1000) / 10}%`;

function sourceOfFunds(inputs: ReportInputs): string {
  if (!inputs.chain.available) return 'Unknown: blockchain data could not be fetched';
  if (inputs.chain.txCount === 0) return 'No funds received yet';
  const parts = Object.entries(inputs.incomingExposure)
    .filter(([, share]) => (share ?? 0) >= 0.001)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([category, share]) => `${category} (${pct(share ?? 0)})`);
  const labelled = Object.values(inputs.incomingExposure).reduce((s, v) => s + (v ?? 0), 0);
  if (labelled < 0.999) parts.push(`unlabelled addresses (${pct(Math.max(0, 1 - labelled))})`);
  return parts.join(', ');
}

const listNames = (lists: ReadonlyArray<{ name: string }>) => [...new Set(lists.map((l) => `"${l.name}"`))].join(', ');
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Block-list hits count unless an allow list clears the address (it never clears a sanctions hit). */
function customBlockHits(inputs: ReportInputs) {
  const custom = inputs.sanctions.custom;
  return custom && custom.allowed.length === 0 ? custom.blocked : [];
}

const sanctionedText = (inputs: ReportInputs) =>
  `Sanctioned: ${inputs.sanctions.direct.map((d) => `${d.entity} (${d.list}${d.programs.length ? `: ${d.programs.join(', ')}` : ''})`).join('; ')}`;

/** What the OFAC list alone says, for the line naming its version. */
function ofacText(inputs: ReportInputs): string {
  if (inputs.sanctions.direct.length > 0) return sanctionedText(inputs);
  const counterparties = inputs.chain.available ? inputs.chain.counterparties : [];
  const sanctionedCounterparties = counterparties.filter((c) => c.sanctioned).length;
  if (sanctionedCounterparties > 0) return `Indirect exposure: ${sanctionedCounterparties} sanctioned ${plural(sanctionedCounterparties, 'counterparty', 'counterparties')}`;
  return sanctionsText(inputs) === 'Safe address' ? 'Safe address' : 'no match';
}

/** The Sanctions & Blacklists field: sanctions and custom block-list hits, or exposure to them. */
function sanctionsText(inputs: ReportInputs): string {
  const { sanctions } = inputs;
  const hits: string[] = [];
  if (sanctions.direct.length > 0) hits.push(sanctionedText(inputs));
  const blocked = customBlockHits(inputs);
  if (blocked.length > 0) hits.push(`Blocked: on your block ${plural(blocked.length, 'list', 'lists')} ${listNames(blocked)}`);
  if (hits.length > 0) return hits.join('; ');
  const counterparties = inputs.chain.available ? inputs.chain.counterparties : [];
  const sanctionedCounterparties = counterparties.filter((c) => c.sanctioned).length;
  const blockedCounterparties = counterparties.filter((c) => !c.sanctioned && c.customBlocked).length;
  const exposure = [
    ...(sanctionedCounterparties > 0 ? [`${sanctionedCounterparties} sanctioned ${plural(sanctionedCounterparties, 'counterparty', 'counterparties')}`] : []),
    ...(blockedCounterparties > 0 ? [`${blockedCounterparties} ${plural(blockedCounterparties, 'counterparty', 'counterparties')} on your block lists`] : []),
  ];
  if (!sanctions.listLoaded) {
    return exposure.length > 0 ? `Indirect exposure: ${exposure.join(', ')}; not screened against sanctions: no sanctions list is loaded` : 'Not screened: no sanctions list is loaded';
  }
  return exposure.length > 0 ? `Indirect exposure: ${exposure.join(', ')}` : 'Safe address';
}

/** The custom-list lines of section 2: the lists screened against and what they said; none when there are no lists. */
function customListLines(inputs: ReportInputs): string[] {
  const custom = inputs.sanctions.custom;
  if (!custom || custom.consulted.length === 0) return [];
  const lines = [
    `Custom lists screened: ${custom.consulted.map((l) => `"${l.name}" (${l.kind} list, version ${l.version})`).join(', ')}.`,
  ];
  if (custom.blocked.length > 0) {
    const notes = custom.blocked.filter((b) => b.note).map((b) => `"${b.name}": ${b.note}`);
    lines.push(`The address is on your block ${plural(custom.blocked.length, 'list', 'lists')} ${listNames(custom.blocked)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}.`);
  }
  if (custom.allowed.length > 0) {
    lines.push(
      `The address is on your allow ${plural(custom.allowed.length, 'list', 'lists')} ${listNames(custom.allowed)}: its own intelligence labels, abuse reports and custom block lists are not scored. An allow list never clears a sanctions hit.`,
    );
  }
  const blockedCounterparties = inputs.chain.available ? inputs.chain.counterparties.filter((c) => c.customBlocked).length : 0;
  if (blockedCounterparties > 0) lines.push(`${blockedCounterparties} ${plural(blockedCounterparties, 'counterparty is', 'counterparties are')} on your block lists.`);
  if (custom.blocked.length === 0 && custom.allowed.length === 0 && blockedCounterparties === 0) lines.push('Neither the address nor its counterparties are on a custom list.');
  return lines;
}

export function buildReport(inputs: ReportInputs): WalletAnalysis {
  const { assessment, chain } = inputs;
  const linked = chain.available ? chain.counterparties.map((c) => c.address) : [];
  const jurisdiction = inputs.intelligence.ownLabels.find((l) => l.jurisdiction)?.jurisdiction ?? 'Unknown';
  const name = networkNames[inputs.network];
  const lines: string[] = [];
  lines.push('1. Wallet overview');
  if (chain.available) {
    lines.push(
      `${name} address ${inputs.address}. Balance ${chain.balance} ${chain.symbol}; ${chain.txCount} transactions; first seen ${chain.firstSeen ? chain.firstSeen.slice(0, 10) : 'never'}, last seen ${chain.lastSeen ? chain.lastSeen.slice(0, 10) : 'never'} (source: ${chain.provider}).`,
    );
    if (!chain.complete) lines.push(`The ${chain.transactionsExamined} most recent transactions were examined for counterparties.`);
  } else {
    lines.push(`${name} address ${inputs.address}. Blockchain data could not be fetched: ${chain.reason}`);
  }
  lines.push('2. Sanctions screening');
  lines.push(
    inputs.sanctions.listLoaded
      ? `Sanctions screening against the OFAC SDN list published ${inputs.sanctions.listPublishedAt ?? 'on an unknown date'} (sha256 ${inputs.sanctions.listSha256?.slice(0, 12) ?? 'n/a'}): ${ofacText(inputs)}.`
      : 'Sanctions screening was not possible: no sanctions list is loaded.',
  );
  lines.push(...customListLines(inputs));
  lines.push('3. Intelligence and abuse reports');
  lines.push(
    inputs.intelligence.ownLabels.length > 0
      ? `Labelled ${inputs.intelligence.ownLabels.map((l) => `${l.category} (${l.name}, source: ${l.source})`).join('; ')}.`
      : 'The address carries no label in the intelligence feeds.',
  );
  lines.push(`Chainabuse: ${inputs.intelligence.chainabuse}`);
  lines.push('4. Source of funds and exposure');
  lines.push(`Incoming funds: ${sourceOfFunds(inputs)}.`);
  if (inputs.flags.length > 0) lines.push(`Patterns: ${inputs.flags.map((f) => f.replace(/-/g, ' ')).join(', ')}.`);
  lines.push('5. Linked wallets');
  lines.push(
    linked.length > 0
      ? `${linked.length} counterparties, largest first: ${(chain.available ? chain.counterparties : []).slice(0, 5).map((c) => `${shortenAddress(c.address)} (${pct(c.share)}${c.sanctioned ? ', sanctioned' : ''}${c.customBlocked ? ', on your block list' : ''}${c.categories.length ? `, ${c.categories.join('/')}` : ''})`).join(', ')}.`
      : 'No linked wallets found.',
  );
  lines.push('6. Assessment');
  lines.push(inputs.narrative.summary);
  for (const f of assessment.factors) lines.push(`+${f.points}: ${f.reason}`);
  lines.push('7. Recommendations');
  for (const r of inputs.narrative.recommendations) lines.push(r);
  lines.push('---');
  lines.push(`Risk score: ${assessment.score}/100`);
  lines.push(`Risk level: ${assessment.level}`);
  lines.push(`AML status: ${assessment.status}`);
  lines.push(`Model ${assessment.model}; narrative by ${inputs.narrative.writer}; check ${inputs.checkId}; ${inputs.now}.`);
  if (inputs.narrative.fallbackReason) lines.push(`The language model was not used: ${inputs.narrative.fallbackReason}`);

  return {
    wallet_address: inputs.address,
    risk_score: assessment.score,
    risk_level: assessment.level,
    aml_status: assessment.status,
    wallet_age: chain.available ? walletAge(chain.firstSeen, inputs.now) : 'Unknown',
    jurisdiction,
    sanctions: sanctionsText(inputs),
    source_of_funds: sourceOfFunds(inputs),
    recommendation: inputs.narrative.recommendations.join(' '),
    linked_wallets: linked.length,
    linked_wallets_addresses: linked,
    aml_report: lines.join('\n'),
    external_links: { explorer: explorerLink(inputs.network, inputs.address) },
    chainabuse_report: inputs.intelligence.chainabuse,
    access_level: 'Premium',
    created_at: inputs.now,
  };
}
