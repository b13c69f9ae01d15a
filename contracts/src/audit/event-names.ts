/**
 * What the audit log calls each recorded event: a name an admin reads ("Role changed") beside the
 * type the store keeps (`UserRoleChanged`), which stays the key for filters, exports and replays.
 * One entry per event type any stream records; tests/audit-event-names.unit.test.ts reads the
 * event unions of every workspace and fails when a type has no name here.
 */
export const auditEventNames: Readonly<Record<string, string>> = {
  // Accounts (user-<id>)
  UserRegistered: 'User registered',
  EmailConfirmationRequested: 'E-mail confirmation link sent',
  EmailConfirmed: 'E-mail address confirmed',
  UserSignedIn: 'Signed in',
  SessionEnded: 'Session ended',
  OtherSessionsEnded: 'Other sessions signed out',
  PasswordChanged: 'Password changed',
  PasswordResetRequested: 'Password reset requested',
  PasswordReset: 'Password reset',
  UserRoleChanged: 'Role changed',
  ChecksToppedUp: 'Checks topped up by an admin',
  ChecksPurchased: 'Checks purchased',
  PurchasedChecksExpired: 'Purchased checks expired',
  LocalCheckoutStarted: 'Checkout started',
  CheckCharged: 'Check charged',
  CheckRefunded: 'Check refunded',
  ApiKeyCreated: 'API key created',
  ApiKeyUsed: 'API key used',
  ApiKeyRevoked: 'API key revoked',
  ApiKeysSuspended: 'API keys suspended by a block',
  ApiKeysReenabled: 'API keys re-enabled by an admin',
  // Admins (admin-roster)
  AdminRosterSeeded: 'Admin list started from the existing admins',
  AdminAdded: 'Admin added',
  AdminRemoved: 'Admin removed',
  // The event store's integrity (store-integrity)
  IntegrityBreakAcknowledged: 'Integrity break acknowledged',
  // Where the background consumers start reading (consumer-starts)
  ConsumerStartsRecorded: 'Background consumers’ starting points recorded',
  // The audit log's signed tree heads (audit-log-tree-heads)
  TreeHeadSigned: 'Audit log tree head signed',
  TreeHeadWitnessed: 'Tree head sent to the witness',
  // Auditors' reads (auditor-access-<id>)
  AuditorViewedData: 'Auditor viewed data',
  // Checks (check-<id>)
  WalletCheckRequested: 'Wallet check requested',
  WalletCheckStageCompleted: 'Check stage completed',
  WalletCheckCompleted: 'Wallet check completed',
  WalletCheckFailed: 'Wallet check failed',
  // Batches
  BatchSubmitted: 'Batch submitted',
  BatchRowsAdded: 'Batch rows added',
  BatchRowsRefused: 'Batch rows left out as invalid',
  BatchCompleted: 'Batch completed',
  // Monitoring
  WalletWatched: 'Wallet watched',
  WatchUpdated: 'Watch updated',
  WalletUnwatched: 'Wallet unwatched',
  WatchRescreenRequested: 'Re-screen requested',
  WatchRescreenSkipped: 'Re-screen skipped',
  WatchCheckRecorded: 'Re-screen recorded',
  AlertRaised: 'Alert raised',
  AlertAcknowledged: 'Alert acknowledged',
  AlertResolved: 'Alert resolved',
  AlertEmailed: 'Alert e-mailed',
  // Cases (case-<id>)
  CaseOpened: 'Case opened',
  CaseAssigned: 'Case assigned',
  CaseNoteAdded: 'Case note added',
  CaseEscalated: 'Case escalated',
  CaseDecisionRecorded: 'Case decision recorded',
  CaseCloseRequested: 'Case close requested (awaiting a second person)',
  CaseClosed: 'Case closed',
  CaseReopened: 'Case reopened',
  // Sanctions and custom lists
  SanctionsListImported: 'Sanctions list imported',
  SanctionsSyncSucceeded: 'Sanctions sync succeeded',
  SanctionsSyncFailed: 'Sanctions sync failed',
  CustomListUploaded: 'Custom list uploaded',
  // Intelligence feeds (feed-<id>, feeds-sync)
  FeedVersionImported: 'Feed version imported',
  FeedEntriesRecorded: 'Feed entries recorded',
  FeedSyncSucceeded: 'Feed sync succeeded',
  FeedSyncFailed: 'Feed sync failed',
  CustomListRemoved: 'Custom list removed',
  // Webhooks
  WebhookEndpointCreated: 'Webhook endpoint added',
  WebhookEndpointUpdated: 'Webhook endpoint changed',
  WebhookEndpointSecretRotated: 'Webhook secret rotated',
  WebhookEndpointDisabled: 'Webhook endpoint disabled',
  WebhookEndpointDeleted: 'Webhook endpoint deleted',
  WebhookDeliveryScheduled: 'Webhook delivery scheduled',
  WebhookDeliveryClaimed: 'Webhook delivery started',
  WebhookDeliveryAttempted: 'Webhook delivery attempted',
  WebhookRedeliveryRequested: 'Webhook redelivery requested',
  WebhookDeliveryAbandoned: 'Webhook delivery abandoned',
  // The EventStoreDB adapter's idempotency claims (distributed profile).
  EventIdClaimed: 'Event id claimed',
};

/**
 * The human name of an event type; a type without one (an event from a newer version read by an
 * older screen) is spelled out from its PascalCase ("SomethingNew" reads "Something new").
 */
export function auditEventName(type: string): string {
  const known = auditEventNames[type];
  if (known !== undefined) return known;
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim();
  return words === '' ? type : words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}
