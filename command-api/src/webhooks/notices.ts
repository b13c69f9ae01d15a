/**
 * The e-mail to an endpoint's owner when the service disabled it (its deliveries failed for
 * days): a worker group over `WebhookEndpointDisabled`, so the e-mail goes out once the event is
 * recorded, and again after a crash that came before it was sent.
 */
import {
  startWorker,
  type ConsumerDeclaration,
  type ConsumerStarts,
  type Logger,
  type MessageBus,
  type ReadStore,
  type RunningWorker,
} from '@walletscreen/platform';
import type { WebhookEndpointDisabled } from '@walletscreen/domain/webhook-endpoint/events';

export interface NoticeMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function disabledEndpointMail(to: string, input: { url: string; reason: string; failingSince: string; screenUrl: string }): NoticeMail {
  const since = input.failingSince.slice(0, 10).split('-').reverse().join('.');
  return {
    to,
    kind: 'webhook-disabled',
    subject: 'A WalletScreen webhook endpoint was disabled',
    text: [
      `Your webhook endpoint ${input.url} was disabled: ${input.reason.charAt(0).toLowerCase()}${input.reason.slice(1)} (since ${since}).`,
      '',
      'No more events are sent to it. Once the endpoint answers again, enable it on the Webhooks screen; failed deliveries can be sent again from its delivery log:',
      input.screenUrl,
    ].join('\n'),
    html: `<p>Your webhook endpoint <code>${escapeHtml(input.url)}</code> was disabled: ${escapeHtml(input.reason.charAt(0).toLowerCase() + input.reason.slice(1))} (since ${since}).</p>
<p>No more events are sent to it. Once the endpoint answers again, enable it on the <a href="${escapeHtml(input.screenUrl)}">Webhooks screen</a>; failed deliveries can be sent again from its delivery log.</p>`,
  };
}

export const webhookNoticesConsumer = { name: 'webhook-notices', eventTypes: ['WebhookEndpointDisabled'] } as const satisfies ConsumerDeclaration;

export function startWebhookNotices(deps: {
  bus: MessageBus;
  starts: ConsumerStarts;
  readStore: ReadStore;
  logger: Logger;
  /** The endpoint's URL as it was when disabled, and its owner's e-mail (null: the user is gone). */
  endpointUrl: (userId: string, endpointId: string) => Promise<string | null>;
  emailOf: (userId: string) => Promise<string | null>;
  send: (mail: NoticeMail) => Promise<void>;
  publicUrl: string;
}): RunningWorker {
  return startWorker(
    { bus: deps.bus, readStore: deps.readStore, logger: deps.logger, starts: deps.starts },
    {
      ...webhookNoticesConsumer,
      concurrency: 1,
      async handle(event) {
        const d = event.data as WebhookEndpointDisabled;
        const [to, url] = await Promise.all([deps.emailOf(d.userId), deps.endpointUrl(d.userId, d.endpointId)]);
        if (!to || !url) return;
        await deps.send(
          disabledEndpointMail(to, {
            url,
            reason: d.reason,
            failingSince: d.failingSince,
            screenUrl: `${deps.publicUrl.replace(/\/$/, '')}/dashboard/webhooks`,
          }),
        );
      },
    },
  );
}
