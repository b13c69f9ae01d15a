/**
 * Whether a list change touches a watched wallet: the listings of the wallet, of the
 * counterparties its last check recorded and of the addresses its trace found beyond them, as
 * that check found them, against the lists now in force. The comparison is pure over lookups; `createListTouch` gives it the lists from the store.
 */
import type { EventStore } from '@walletscreen/platform';
import type { Network } from '@walletscreen/contracts';
import type { CheckState } from '@walletscreen/domain/check/state';
import type { BlockchainEvidence, SanctionsEvidence } from '../checks/evidence';
import { tracedAddresses } from '../checks/stages';
import { cachedCustomLists } from '../sanctions/custom-lists-store';
import { listingKey } from '@walletscreen/domain/sanctions-list/state';
import { cachedSanctionsIndex } from '../sanctions/sanctions-store';

export interface ListLookups {
  /** Keys of the current OFAC listings of an address (sdnId and address). */
  ofac(network: Network, address: string): string[];
  /** The custom lists an address is on now: `listId|kind`. */
  custom(network: Network, address: string): string[];
}

/** The listing facts one screening of a wallet and its counterparties amounts to, as sorted strings. */
function facts(entries: Array<[string, string[]]>): string[] {
  return entries.flatMap(([who, keys]) => keys.map((k) => `${who}|${k}`)).sort();
}

/** What the last check recorded (keyed as `ListLookups` keys them). */
export function recordedListings(sanctions: SanctionsEvidence, wallet: string, listingKey: (e: { sdnId: string; address: string }) => string): string[] {
  const entries: Array<[string, string[]]> = [[`w|${wallet}`, sanctions.direct.map(listingKey)]];
  for (const c of sanctions.counterparties) entries.push([`c|${c.address}`, c.entries.map(listingKey)]);
  for (const c of sanctions.traced ?? []) entries.push([`t|${c.address}`, c.entries.map(listingKey)]);
  const custom = sanctions.customLists;
  if (custom) {
    entries.push([`w|${wallet}`, [...custom.blocked, ...custom.allowed].map((h) => `custom|${h.listId}|${h.kind}`)]);
    for (const c of custom.counterparties) entries.push([`c|${c.address}`, c.lists.map((h) => `custom|${h.listId}|${h.kind}`)]);
    for (const c of custom.traced ?? []) entries.push([`t|${c.address}`, c.lists.map((h) => `custom|${h.listId}|${h.kind}`)]);
  }
  return facts(entries);
}

/** What the lists in force say about the same wallet, counterparties and traced addresses. */
export function currentListings(
  lookups: ListLookups,
  network: Network,
  wallet: string,
  counterparties: readonly string[],
  traced: readonly string[] = [],
): string[] {
  const now = (a: string) => [...lookups.ofac(network, a), ...lookups.custom(network, a).map((k) => `custom|${k}`)];
  const entries: Array<[string, string[]]> = [[`w|${wallet}`, now(wallet)]];
  for (const c of counterparties) entries.push([`c|${c}`, now(c)]);
  for (const t of traced) entries.push([`t|${t}`, now(t)]);
  return facts(entries);
}

export const counterpartiesOf = (blockchain: BlockchainEvidence | undefined): string[] =>
  blockchain?.ok ? blockchain.data.counterparties.map((c) => c.address) : [];

/** Whether the lists in force would screen the wallet (or a counterparty) differently from its last check. */
export function touchedByListChange(recorded: readonly string[], current: readonly string[]): boolean {
  return recorded.length !== current.length || recorded.some((r, i) => r !== current[i]);
}

/**
 * The lists in force, read afresh on each call (cached until a list changes), and whether they
 * touch a watched wallet whose last check is `check`: false when that check recorded no screening.
 */
export function createListTouch(eventStore: EventStore) {
  const sanctions = cachedSanctionsIndex(eventStore);
  const customLists = cachedCustomLists(eventStore);
  return async (): Promise<(check: CheckState) => boolean> => {
    const [index, custom] = await Promise.all([sanctions(), customLists()]);
    const lookups: ListLookups = {
      ofac: (network, address) => (index?.lookup(network, address) ?? []).map(listingKey),
      custom: (network, address) => custom.lookup(network, address).map((h) => `${h.listId}|${h.kind}`),
    };
    return (check) => {
      if (check.status === 'none') return false;
      const sanctionsEvidence = check.stages.find((s) => s.key === 'sanctions')?.evidence as SanctionsEvidence | undefined;
      const blockchain = check.stages.find((s) => s.key === 'blockchain')?.evidence as BlockchainEvidence | undefined;
      if (!sanctionsEvidence) return false;
      const { address, network } = check.request;
      const traced = blockchain ? tracedAddresses(blockchain, network) : [];
      return touchedByListChange(
        recordedListings(sanctionsEvidence, address, listingKey),
        currentListings(lookups, network, address, counterpartiesOf(blockchain), traced),
      );
    };
  };
}
export type ListTouch = ReturnType<typeof createListTouch>;
