/**
 * The audit log's signed tree heads: one stream, `audit-log-tree-heads`. Every so often while the
 * log grows (and when an evidence bundle needs one), the server computes the root of the Merkle
 * tree over every event recorded so far (platform's log-tree), signs it with the installation's
 * Ed25519 key and records it here (`TreeHeadSigned`, with the public key, so each one verifies on
 * its own); each one sent to the outside witness is recorded with the outcome (`TreeHeadWitnessed`).
 * Signing is done before the command (the decider holds no key); the decider only refuses a head
 * that is not newer than the latest.
 */
import { z } from 'zod';
import { eventSchema, eventUnion } from '../decider';

export const treeHeadsStreamId = 'audit-log-tree-heads';

export const treeHeadSignedSchema = z.object({
  /** The installation whose log it is. */
  origin: z.string(),
  /** How many events the tree holds: the first `treeSize` events of the store, in store order. */
  treeSize: z.number().int().nonnegative(),
  /** The store position of the last of them (0 for an empty tree). */
  lastPosition: z.number().int().nonnegative(),
  /** The tree's root hash, hex. */
  rootHash: z.string(),
  /** When it was signed (ISO 8601): the tree head's timestamp. */
  timestamp: z.string(),
  /** The signing key's fingerprint (SHA-256 of its SubjectPublicKeyInfo, hex). */
  keyId: z.string(),
  /** The public key, PEM (SubjectPublicKeyInfo). */
  publicKey: z.string(),
  /** Ed25519 over the tree head's text (platform's tree-head.ts), base64. */
  signature: z.string(),
});
export type TreeHeadSigned = z.infer<typeof treeHeadSignedSchema>;

export const treeHeadWitnessedSchema = z.object({
  treeSize: z.number().int().nonnegative(),
  /** Where it was sent: the witness's host (its address may carry a token, which is not recorded). */
  witness: z.string(),
  outcome: z.enum(['delivered', 'failed']),
  statusCode: z.number().int().nullable(),
  /** Why it failed (null when delivered). */
  error: z.string().nullable(),
  at: z.string(),
});
export type TreeHeadWitnessed = z.infer<typeof treeHeadWitnessedSchema>;

export const treeHeadEvents = eventUnion([eventSchema('TreeHeadSigned', treeHeadSignedSchema), eventSchema('TreeHeadWitnessed', treeHeadWitnessedSchema)]);
export type TreeHeadEvent = z.infer<typeof treeHeadEvents.schema>;
