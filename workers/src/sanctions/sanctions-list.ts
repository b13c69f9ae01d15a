/**
 * The OFAC list's events, state and decider live in domain/src/sanctions-list. This module only
 * re-exports the names the OFAC parser, the check stages and monitoring read from here (they are
 * being reworked on other branches; they can import the domain directly once those land).
 */
export { ofacFormatNames, type DelistedSanctionEntry, type ListedSanctionEntry, type OfacFormat, type SanctionEntry } from '@walletscreen/domain/sanctions-list/events';
export { listingKey } from '@walletscreen/domain/sanctions-list/state';
