/**
 * The OFAC SDN list as events: one stream, `sanctions-ofac`, with one `SanctionsListImported` per
 * distinct publication imported (told apart by the SHA-256 of the file's bytes). The latest import
 * is the list in force; earlier ones stay for the audit trail ("which list version did check X
 * use?").
 *
 * Each import is self-contained: besides the list's entries, each with the date since when it has
 * been listed, it carries every entry of earlier imports that is no longer listed (`delisted`,
 * with when it left). So the decider's state and the screening index both need the stream's last
 * event only, however long the stream grows.
 */
import { z } from 'zod';
import { chains, networks } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';
import { listedNetworks } from './listing';

export const sanctionsStreamId = 'sanctions-ofac';
export const sanctionsListSource = 'ofac-sdn';

/** The three formats OFAC publishes the SDN list in that carry digital currency addresses. */
export const ofacFormats = ['sdn-advanced-xml', 'sdn-xml', 'sdn-csv'] as const;
export type OfacFormat = (typeof ofacFormats)[number];
export const ofacFormatNames: Record<OfacFormat, string> = {
  'sdn-advanced-xml': 'SDN_ADVANCED.XML',
  'sdn-xml': 'SDN.XML',
  'sdn-csv': 'sdn.csv',
};

/** One listed address: "Digital Currency Address - TICKER address" on one SDN entry. */
export const sanctionEntrySchema = z.object({
  /** OFAC's ticker as listed: XBT, ETH, USDT, BSV, XMR, … */
  ticker: z.string(),
  /** The address exactly as OFAC lists it. */
  address: z.string(),
  /**
   * The network it is screened on first: its ticker's network when the address is valid there,
   * otherwise the first network we screen it is valid on (Bitcoin for a USDT-Omni or BSV
   * address, Ethereum for an ETC one, TRON for a TRON address listed under XBT); its ticker's
   * network when it is valid nowhere (a typo, matched by its exact text); null when it cannot be
   * screened at all (XMR, ZEC, DASH, …).
   */
  network: z.enum(networks).nullable(),
  /** `parseAddress(address, network).normalized`, or the listed text when it does not parse. */
  normalized: z.string(),
  /** True when the address is a valid address of at least one network we screen. */
  valid: z.boolean(),
  /** The listed party's primary name, "LAST, First" for individuals as in sdn.csv. */
  entity: z.string(),
  /** Its sanctions programmes (CYBER2, DPRK3, …), sorted. */
  programs: z.array(z.string()),
  /** OFAC's unique id of the SDN entry (uid / ent_num / DistinctParty FixedRef). */
  sdnId: z.string(),
  /**
   * What the ticker says the address is on: a network we screen ('bitcoin', 'ethereum', 'tron',
   * …) or a chain we do not ('omni' for USDT on the Omni Layer, 'bitcoin-sv', 'ethereum-classic',
   * 'monero', 'zcash', …); null for a ticker we do not know. `listedAsText(ticker, listedNetwork)`
   * words it ("USDT (Omni Layer)").
   */
  listedNetwork: z.enum(listedNetworks).nullable(),
  /** Every chain we screen on which the listed text is a valid address ('evm' stands for every EVM network); empty when none. */
  matchedChains: z.array(z.enum(chains)),
  /**
   * True when the address is matched on chains other than its ticker's: the ticker names a chain
   * we do not screen (USDT-Omni, BSV, ETC) or one the address is not valid on (a TRON address
   * listed under XBT). Its hits say "listed as …".
   */
  crossChain: z.boolean(),
  /**
   * When OFAC designated the listed party, as SDN_ADVANCED.XML states it (its SanctionsEntry's
   * EntryEvent date: YYYY-MM-DD, or YYYY-MM / YYYY when OFAC gives no more); null for SDN.XML and
   * sdn.csv, which state none. The address itself may have been added to the party's entry later.
   */
  designatedAt: z.string().nullable(),
  /**
   * Where the listed party is, as SDN_ADVANCED.XML states it (the country of its address, else its
   * nationality or registration); absent when the file states none, and for SDN.XML and sdn.csv.
   */
  jurisdiction: z.string().optional(),
});
export type SanctionEntry = z.infer<typeof sanctionEntrySchema>;

/** An entry of the list in force. */
export const listedSanctionEntrySchema = sanctionEntrySchema.extend({
  /**
   * Since when this party has listed this address, as far as this installation has seen: the
   * publication date (YYYY-MM-DD; the import's date when the file states none) of the first
   * imported list that contained it since it was last absent. For the entries of the first list
   * ever imported that is "at the latest": see `designatedAt` for OFAC's own date.
   */
  listedSince: z.string(),
});
export type ListedSanctionEntry = z.infer<typeof listedSanctionEntrySchema>;

/** An entry that was listed by an earlier import and is no longer (a delisting, such as Tornado Cash's in March 2025). */
export const delistedSanctionEntrySchema = listedSanctionEntrySchema.extend({
  /** The publication date (YYYY-MM-DD; the import's date when the file states none) of the first imported list without it. */
  delistedAt: z.string(),
});
export type DelistedSanctionEntry = z.infer<typeof delistedSanctionEntrySchema>;

/** Why an import replaced the list in force although it could not be shown to be newer (`allowOlder`). */
export const forcedImportSchema = z.object({
  reason: z.enum(['older-list', 'undated-list']),
  replacedPublishedAt: z.string().nullable(),
  replacedSha256: z.string(),
});
export type ForcedImport = z.infer<typeof forcedImportSchema>;

/** An import as this version records it. */
export const sanctionsListImportedDataSchema = z.object({
  source: z.literal(sanctionsListSource),
  format: z.enum(ofacFormats),
  /** The list's publication date (YYYY-MM-DD) as the file states it; sdn.csv states none. */
  publishedAt: z.string().nullable(),
  /** SHA-256 (hex) of the source file's bytes: the list version a check records. */
  sha256: z.string(),
  /** When it was imported (ISO-8601). */
  importedAt: z.string(),
  addressCount: z.number(),
  entries: z.array(listedSanctionEntrySchema),
  /** Entries of earlier imports no longer listed, carried forward from import to import; an entry listed again leaves it. */
  delisted: z.array(delistedSanctionEntrySchema),
  /** Set when this import replaced a newer (or dated) list because an admin forced it. */
  forced: forcedImportSchema.optional(),
});
export type SanctionsListImportedData = z.infer<typeof sanctionsListImportedDataSchema>;

/**
 * An import as recorded by any version: imports recorded before cross-chain matching and
 * delisting lack `delisted`, and their entries lack the fields derived from the ticker and the
 * address, the designation date and `listedSince`. `importedList` (state.ts) reads either.
 */
export const recordedSanctionsListImportedSchema = sanctionsListImportedDataSchema.extend({
  entries: z.array(listedSanctionEntrySchema.partial({ listedNetwork: true, matchedChains: true, crossChain: true, designatedAt: true, listedSince: true })),
  delisted: z.array(delistedSanctionEntrySchema).optional(),
});
export type RecordedSanctionsListImportedData = z.infer<typeof recordedSanctionsListImportedSchema>;

export const sanctionsListEvents = eventUnion([eventSchema('SanctionsListImported', recordedSanctionsListImportedSchema)]);
export type SanctionsListEvent = z.infer<typeof sanctionsListEvents.schema>;
export type SanctionsListEventType = SanctionsListEvent['type'];
export const sanctionsListEventTypes = sanctionsListEvents.types;
