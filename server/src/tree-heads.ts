/**
 * The audit log's signed tree heads as a composition root builds them: the installation's key from
 * the configuration, its public address's host as the log's origin, and the witness (when
 * AUDIT_LOG_WITNESS_URL is set) reached through the webhooks' sender, with its address guard.
 */
import type { Config, EventStore, Logger, ReadStore } from '@walletscreen/platform';
import { createTreeHeads, type TreeHeads } from '@walletscreen/command-api/audit/tree-heads';
import { createWebhookSender } from '@walletscreen/command-api/webhooks/sender';

export function treeHeadsOf(deps: {
  config: Config;
  eventStore: EventStore;
  readStore: ReadStore;
  clock: () => Date;
  logger: Logger;
  readModelsAt: (position: number, timeoutMs?: number) => Promise<void>;
  writesHalted: () => boolean;
}): { treeHeads: TreeHeads; close(): void } {
  const { config } = deps;
  const sender = config.AUDIT_LOG_WITNESS_URL
    ? createWebhookSender({
        allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_DESTINATIONS,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        userAgent: 'WalletScreen-TreeHeads/1',
      })
    : undefined;
  const treeHeads = createTreeHeads({
    eventStore: deps.eventStore,
    readStore: deps.readStore,
    key: config.auditLogKey,
    origin: new URL(config.PUBLIC_URL).host,
    clock: deps.clock,
    logger: deps.logger,
    readModelsAt: deps.readModelsAt,
    writesHalted: deps.writesHalted,
    ...(sender && config.AUDIT_LOG_WITNESS_URL
      ? {
          witness: {
            url: config.AUDIT_LOG_WITNESS_URL,
            send: async (m) => {
              const outcome = await sender.send({ url: m.url, id: m.id, body: m.body, secrets: [], now: m.now });
              return { ok: outcome.ok, statusCode: outcome.statusCode, error: outcome.error };
            },
          },
        }
      : {}),
  });
  return { treeHeads, close: () => sender?.close() };
}
