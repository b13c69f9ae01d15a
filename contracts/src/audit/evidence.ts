/**
 * The audit log's signed tree heads and a check's evidence bundle: one JSON file that lets someone
 * with no access to the server verify a check offline (`npx walletscreen-verify <file>` in the
 * repository): the check's events exactly as the store recorded them, each with its inclusion proof
 * against a tree head signed with the installation's Ed25519 key, the key, the list and feed
 * versions the check read with their file hashes, and the risk model it was scored with.
 */
import { z } from 'zod';
import { checkVersionsSchema } from './streams';

export const EVIDENCE_BUNDLE_FORMAT = 'walletscreen-evidence-bundle/1';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** A signed tree head (platform's tree-head.ts says the text its signature covers). */
export const signedTreeHeadSchema = z.object({
  origin: z.string().meta({ description: 'The installation whose audit log it is' }),
  tree_size: z.number().int().meta({ description: 'How many events the tree holds: the first tree_size events of the store, in store order' }),
  root_hash: hex64.meta({ description: 'The Merkle tree root (RFC 9162 hashing), hex' }),
  timestamp: z.string().meta({ description: 'When it was signed (ISO 8601, UTC)' }),
  last_position: z.number().int().meta({ description: 'The store position of the last event the tree holds' }),
  key_id: hex64.meta({ description: "The signing key's fingerprint: SHA-256 of its SubjectPublicKeyInfo (DER), hex" }),
  signature: z.string().meta({ description: "Ed25519 signature of the tree head's text, base64" }),
});
export type SignedTreeHeadView = z.infer<typeof signedTreeHeadSchema>;

/** The installation's public key, which verifies its tree heads. */
export const auditLogPublicKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  key_id: hex64,
  public_key_pem: z.string().meta({ description: 'SubjectPublicKeyInfo, PEM' }),
  origin: z.string(),
  signed_text: z.string().meta({ description: 'What a tree head signature covers' }),
});
export type AuditLogPublicKey = z.infer<typeof auditLogPublicKeySchema>;

/** The tree heads as an admin or auditor sees them: the latest, the signing key, the witness, the tree folded so far. */
export const treeHeadStatusSchema = z.object({
  latest: signedTreeHeadSchema.nullable().meta({ description: 'The latest signed tree head (null before the first)' }),
  tree_heads: z.number().int().meta({ description: 'Tree heads recorded so far' }),
  key_id: hex64,
  key_source: z
    .enum(['configured', 'file', 'generated'])
    .meta({ description: 'configured: a key file the operator keeps; file/generated: in the data directory' }),
  witness: z.object({
    configured: z.boolean(),
    host: z.string().nullable(),
    last: z
      .object({
        tree_size: z.number().int(),
        outcome: z.enum(['delivered', 'failed']),
        status_code: z.number().int().nullable(),
        error: z.string().nullable(),
        at: z.string(),
      })
      .nullable()
      .meta({ description: 'The latest delivery to the witness (null before any)' }),
  }),
  tree: z.object({ size: z.number().int(), root_hash: hex64 }).meta({ description: 'The tree as folded so far (signed or not yet)' }),
});
export type TreeHeadStatus = z.infer<typeof treeHeadStatusSchema>;

/** An event exactly as the store recorded it (the fields its hash and its leaf cover, and its chain hashes). */
export const recordedEventSchema = z.object({
  position: z.number().int(),
  streamId: z.string(),
  revision: z.number().int(),
  id: z.string(),
  type: z.string(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: z.string(),
  hash: z.string().nullable(),
  prevHash: z.string().nullable(),
});

export const evidenceBundleSchema = z.object({
  format: z.literal(EVIDENCE_BUNDLE_FORMAT),
  check_id: z.string(),
  created_at: z.string(),
  /** The verdict as recorded (null for a check that failed or is running). */
  verdict: z.object({ risk_score: z.number(), risk_level: z.string(), aml_status: z.string() }).nullable(),
  versions: checkVersionsSchema,
  model: z.object({
    version: z.string().nullable(),
    held: z.boolean().meta({ description: 'Whether this build holds that model version (a verifier from this repository can re-run it)' }),
    profile: z.unknown().meta({
      description:
        "The model version's profile (its weights, thresholds and rules as data), re-run by the verifier; null for a version this build does not hold",
    }),
    profile_sha256: z.string().nullable(),
  }),
  tree_head: signedTreeHeadSchema,
  public_key: auditLogPublicKeySchema,
  events: z.array(
    z.object({
      leaf_index: z.number().int(),
      inclusion_proof: z.array(hex64).meta({ description: "The hashes from the event's leaf up to the tree head's root (RFC 9162 §2.1.3)" }),
      event: recordedEventSchema,
    }),
  ),
  how_to_verify: z.string(),
});
export type EvidenceBundle = z.infer<typeof evidenceBundleSchema>;

/** What a tree head's signature covers, in words (platform's tree-head.ts renders it). */
export const TREE_HEAD_FORMAT_TEXT =
  'Ed25519 over the UTF-8 text "WalletScreen signed tree head v1\\norigin <origin>\\ntree size <tree_size>\\nroot hash <root_hash>\\ntimestamp <timestamp>\\n"';
