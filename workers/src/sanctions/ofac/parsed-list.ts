/**
 * What every OFAC format's parser gives: the parsed list, and the entries it builds from the
 * (ticker, address, party) triples a format finds, deduplicated, normalized and sorted the same
 * way whatever the format.
 */
import { describeListing } from '@walletscreen/domain/sanctions-list/listing';
import type { OfacFormat, SanctionEntry } from '@walletscreen/domain/sanctions-list/events';

export interface ParsedOfacList {
  format: OfacFormat;
  /** YYYY-MM-DD, or null when the file states no date (sdn.csv). */
  publishedAt: string | null;
  /** Sorted by SDN id, ticker, address; one per listed (party, ticker, address). */
  entries: SanctionEntry[];
  /** What the file could not tell us, for the person running the import. */
  warnings: string[];
}

export interface OfacListParser {
  write(text: string): void;
  end(): ParsedOfacList;
}

const CURRENCY_FEATURE = /^Digital Currency Address\s*-\s*(\S+)\s*$/i;

/** "Digital Currency Address - XBT" → "XBT"; null for any other feature or id type. */
export function tickerOf(label: string): string | null {
  const m = CURRENCY_FEATURE.exec(label.trim());
  return m ? m[1]!.toUpperCase() : null;
}

export interface RawEntry {
  ticker: string;
  address: string;
  entity: string;
  programs: string[];
  sdnId: string;
  designatedAt?: string | null;
  jurisdiction?: string | null;
}

/** An entry, screened by what its address is (see match-key.ts), whatever its ticker. */
function toEntry(raw: RawEntry): SanctionEntry {
  const address = raw.address.trim();
  const { network, normalized, valid, listedNetwork, matchedChains, crossChain } = describeListing(raw.ticker, address);
  return {
    ticker: raw.ticker,
    address,
    network,
    normalized,
    valid,
    entity: raw.entity,
    programs: raw.programs,
    sdnId: raw.sdnId,
    listedNetwork,
    matchedChains,
    crossChain,
    designatedAt: raw.designatedAt ?? null,
    ...(raw.jurisdiction ? { jurisdiction: raw.jurisdiction } : {}),
  };
}

const programList = (programs: Iterable<string>) => [...new Set([...programs].map((p) => p.trim()).filter((p) => p !== ''))].sort();

function compareIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function finish(format: OfacFormat, publishedAt: string | null, raw: RawEntry[], warnings: string[]): ParsedOfacList {
  const seen = new Set<string>();
  const entries: SanctionEntry[] = [];
  for (const r of raw) {
    const address = r.address.trim();
    if (address === '') continue;
    const key = `${r.sdnId}\u0000${r.ticker}\u0000${address}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push(toEntry({ ...r, address, programs: programList(r.programs) }));
  }
  entries.sort(
    (a, b) =>
      compareIds(a.sdnId, b.sdnId) || (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0) || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0),
  );
  return { format, publishedAt, entries, warnings };
}

export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
