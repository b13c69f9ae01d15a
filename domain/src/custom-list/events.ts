/**
 * A custom block or allow list an administrator uploads, on its own stream
 * `custom-list-<listId>`: `CustomListUploaded` (the first upload and every replacement; each one
 * is the list's next version) and `CustomListRemoved`. The sanctions stage screens against the
 * lists in force next to the OFAC list.
 */
import { z } from 'zod';
import { chains, customListFormats, customListKinds, networks, type CustomListEntry, type RejectedLine } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';

export { customListStreamId, customListStreamPrefix } from '@walletscreen/contracts';

/** One listed address (contracts' `CustomListEntry`, as the upload's parser gives it). */
export const customListEntrySchema = z.object({
  /** `parseAddress(...).normalized`: EIP-55 for EVM, lower-case bech32, CashAddr, base58 as is. */
  address: z.string(),
  chain: z.enum(chains),
  /** The network the file named, or the one the address was recognised as. */
  network: z.enum(networks),
  note: z.string().optional(),
});

/** A line of the file that holds no usable address (contracts' `RejectedLine`). */
export const rejectedLineSchema = z.object({
  /** 1-based line number in the uploaded file. */
  line: z.number(),
  /** The line as uploaded (shortened). */
  text: z.string(),
  reason: z.string(),
});

/** The administrator who uploaded or removed a list. */
export const customListActorSchema = z.object({ userId: z.string(), email: z.string() });
export type CustomListActor = z.infer<typeof customListActorSchema>;

export const customListUploadedSchema = z.object({
  listId: z.string(),
  name: z.string(),
  kind: z.enum(customListKinds),
  format: z.enum(customListFormats),
  /** SHA-256 (hex) of the uploaded content. */
  sha256: z.string(),
  entryCount: z.number(),
  entries: z.array(customListEntrySchema),
  rejectedCount: z.number(),
  /** The first `CUSTOM_LIST_LIMITS.rejectedKept` rejected lines. */
  rejected: z.array(rejectedLineSchema),
  /** Lines naming an address already listed above them. */
  duplicates: z.number(),
  uploadedBy: customListActorSchema,
  at: z.string(),
});
export type CustomListUploaded = z.infer<typeof customListUploadedSchema>;

export const customListRemovedSchema = z.object({
  listId: z.string(),
  name: z.string(),
  removedBy: customListActorSchema,
  reason: z.string(),
  at: z.string(),
});
export type CustomListRemoved = z.infer<typeof customListRemovedSchema>;

export const customListEvents = eventUnion([
  eventSchema('CustomListUploaded', customListUploadedSchema),
  eventSchema('CustomListRemoved', customListRemovedSchema),
]);
export type CustomListEvent = z.infer<typeof customListEvents.schema>;
export const customListEventTypes = customListEvents.types;

// The parser's shapes (contracts) are the recorded ones.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameEntry: Same<z.infer<typeof customListEntrySchema>, CustomListEntry> = true;
const _sameRejected: Same<z.infer<typeof rejectedLineSchema>, RejectedLine> = true;
