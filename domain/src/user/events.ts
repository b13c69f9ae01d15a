/**
 * A user's events, on their own stream `user-<userId>`: the account (registration, password reset
 * and change, sign-ins and sessions, role changes and blocks), its balance (bonus checks, admin
 * top-ups, purchases and their expiry, the local test-payment sessions, each check charged and
 * refunded) and its API keys (suspended by a block, re-enabled by an admin). Every event's data carries the user id and the moment it happened
 * (`at`, ISO-8601). Fields added after the first events of a type was recorded are optional.
 */
import { z } from 'zod';
import { apiKeyScopes, networks, roles } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';

export const userStreamId = (userId: string) => `user-${userId}`;

/** Who did something to an account (an admin, or the user themselves). */
export const actorSchema = z.object({ userId: z.string(), email: z.string() });
export type Actor = z.infer<typeof actorSchema>;

const roleSchema = z.enum(roles);

/** Which balance paid for a check: bonus checks are spent first, then purchased ones. */
export const chargeSourceSchema = z.enum(['bonus', 'purchased']);
export type ChargeSource = z.infer<typeof chargeSourceSchema>;

/** Why a session ended: its user signed out of it, or ended it from another session. */
export const sessionEndReasonSchema = z.enum(['signed-out', 'ended-elsewhere']);
export type SessionEndReason = z.infer<typeof sessionEndReasonSchema>;

/**
 * What the user asked to check, recorded with the charge: should the process stop between the
 * charge and the check's first event, the check is started from it (see the charge sweeper).
 */
export const chargedCheckSchema = z.object({
  input: z.string(),
  address: z.string(),
  chain: z.string(),
  network: z.enum(networks),
  idempotencyKey: z.string().optional(),
});
export type ChargedCheck = z.infer<typeof chargedCheckSchema>;

/** A pack of checks bought (billing): one lot, spent after bonus checks, earliest expiry first. Amount in currency units. */
export const checksPurchasedSchema = z.object({
  userId: z.string(),
  purchaseId: z.string(),
  planId: z.string(),
  planName: z.string(),
  checks: z.number(),
  amount: z.number(),
  currency: z.string(),
  provider: z.enum(['stripe', 'local']),
  /** The Stripe Checkout session id, or the local test-payment session id. */
  providerRef: z.string(),
  /**
   * A test payment, no money moved: the local test-payment provider or Stripe in test mode.
   * Absent on purchases recorded before it was: those are test payments when `provider` is local.
   */
  test: z.boolean().optional(),
  expiresAt: z.string(),
  at: z.string(),
});
export type ChecksPurchasedData = z.infer<typeof checksPurchasedSchema>;

/** A purchase through the local test-payment provider, waiting for the user's confirmation. */
export const localCheckoutStartedSchema = z.object({
  userId: z.string(),
  sessionId: z.string(),
  planId: z.string(),
  planName: z.string(),
  checks: z.number(),
  amount: z.number(),
  currency: z.string(),
  expiresAt: z.string(),
  at: z.string(),
});
export type LocalCheckoutStartedData = z.infer<typeof localCheckoutStartedSchema>;

/** A key created: stored as the SHA-256 of the whole key, never the key itself. `expiresAt` null: never expires. */
export const apiKeyCreatedSchema = z.object({
  userId: z.string(),
  keyId: z.string(),
  name: z.string(),
  prefix: z.string(),
  keyHash: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  expiresAt: z.string().nullable(),
  at: z.string(),
});
export type ApiKeyCreatedData = z.infer<typeof apiKeyCreatedSchema>;

const onUser = { userId: z.string(), at: z.string() };

export const userEvents = eventUnion([
  /** `by`: the admin who created the account (auditors); absent when the user registered themselves. */
  eventSchema(
    'UserRegistered',
    z.object({
      ...onUser,
      email: z.string(),
      username: z.string(),
      passwordHash: z.string(),
      role: roleSchema,
      bonusChecks: z.number(),
      by: actorSchema.optional(),
      /**
       * The welcome checks withheld until the user confirms their e-mail address (EmailConfirmed
       * grants them); absent on every registration that needed no confirmation (and on all those
       * recorded before confirmation existed): that address counts as confirmed.
       */
      checksOnEmailConfirmation: z.number().optional(),
    }),
  ),
  /** A link to confirm the e-mail address was sent (at registration, or asked for again): only the hash of its secret is recorded. */
  eventSchema('EmailConfirmationRequested', z.object({ ...onUser, tokenHash: z.string(), expiresAt: z.string() })),
  /** The user opened a confirmation link: the address is confirmed and the withheld welcome checks are granted as bonus checks. */
  eventSchema('EmailConfirmed', z.object({ ...onUser, tokenHash: z.string(), bonusChecks: z.number() })),
  /** Only the hash of the link's secret is recorded. */
  eventSchema('PasswordResetRequested', z.object({ ...onUser, tokenHash: z.string(), expiresAt: z.string() })),
  eventSchema('PasswordReset', z.object({ ...onUser, tokenHash: z.string(), passwordHash: z.string() })),
  eventSchema(
    'CheckCharged',
    z.object({ ...onUser, checkId: z.string(), source: chargeSourceSchema, check: chargedCheckSchema.optional(), purchaseId: z.string().optional() }),
  ),
  /**
   * A charged check given back, to the balance it came from: by the refund worker (a failed or
   * Incomplete check), or by an admin (`by`, absent on every refund recorded before admins could).
   */
  eventSchema(
    'CheckRefunded',
    z.object({ ...onUser, checkId: z.string(), source: chargeSourceSchema, reason: z.string(), purchaseId: z.string().optional(), by: actorSchema.optional() }),
  ),
  /** `sessionId`, `device` and `expiresAt` from sign-ins since sessions were recorded: the sign-in starts that session. */
  eventSchema(
    'UserSignedIn',
    z.object({
      ...onUser,
      area: z.enum(['dashboard', 'admin']),
      address: z.string(),
      sessionId: z.string().optional(),
      device: z.string().optional(),
      expiresAt: z.string().optional(),
    }),
  ),
  eventSchema('SessionEnded', z.object({ ...onUser, sessionId: z.string(), reason: sessionEndReasonSchema })),
  eventSchema('OtherSessionsEnded', z.object({ ...onUser, keptSessionId: z.string().nullable(), sessionIds: z.array(z.string()) })),
  eventSchema('PasswordChanged', z.object({ ...onUser, passwordHash: z.string(), keptSessionId: z.string().nullable() })),
  /** `by` null: the system (no admin) changed it. A block is a change to `blocked`; an unblock, back. */
  eventSchema('UserRoleChanged', z.object({ ...onUser, role: roleSchema, previousRole: roleSchema, by: actorSchema.nullable(), reason: z.string() })),
  /** An admin's top-up, credited as bonus checks; `idempotencyKey` when the admin sent one. */
  eventSchema('ChecksToppedUp', z.object({ ...onUser, amount: z.number(), reason: z.string(), by: actorSchema, idempotencyKey: z.string().optional() })),
  eventSchema('ChecksPurchased', checksPurchasedSchema),
  eventSchema('PurchasedChecksExpired', z.object({ ...onUser, purchaseId: z.string(), checks: z.number() })),
  eventSchema('LocalCheckoutStarted', localCheckoutStartedSchema),
  eventSchema('ApiKeyCreated', apiKeyCreatedSchema),
  eventSchema('ApiKeyUsed', z.object({ ...onUser, keyId: z.string() })),
  eventSchema('ApiKeyRevoked', z.object({ ...onUser, keyId: z.string(), by: actorSchema })),
  /**
   * A block ended the use of the account's keys, as it ends its sessions: each key working then is
   * suspended, and stays so after an unblock until an admin re-enables it (or its owner revokes it
   * and makes a new one). Recorded with the block; also with an unblock, for keys still working
   * under a block recorded before keys were suspended with it. Blocks recorded before then
   * suspended nothing, and fold as they did.
   */
  eventSchema('ApiKeysSuspended', z.object({ ...onUser, keyIds: z.array(z.string()) })),
  /** An admin re-enabled the keys a block suspended (those not revoked or expired since). */
  eventSchema('ApiKeysReenabled', z.object({ ...onUser, keyIds: z.array(z.string()), by: actorSchema })),
]);
export type UserEvent = z.infer<typeof userEvents.schema>;
export type UserEventType = UserEvent['type'];
export const userEventTypes = userEvents.types;
