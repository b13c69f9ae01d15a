import { webhookMessages, WEBHOOKS_MAX } from '@walletscreen/contracts';
import { Conflict, NotFound } from '../errors';
import { deciderSpec } from '../../testing/decider-spec';
import { DISABLE_AFTER_FAILING_MS, webhookEndpointDecider, type WebhookEndpointCommand } from './decide';
import type { WebhookEndpointEvent } from './events';
import { evolveEndpoints, initialEndpointsState, signingSecrets, type StoredEndpoint } from './state';

const given = deciderSpec(webhookEndpointDecider);

const userId = 'u1';
const t0 = '2026-11-24T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(t0) + ms).toISOString();
const DAY = 86_400_000;
const endpoint = {
  userId,
  endpointId: 'e1',
  url: 'https://hooks.example.com/ws',
  description: 'Ops',
  events: ['screening.completed' as const],
  secret: 'whsec_one',
};

const create = (over: Partial<typeof endpoint> = {}): WebhookEndpointCommand => ({
  type: 'CreateWebhookEndpoint',
  data: { ...endpoint, ...over },
  metadata: { now: t0 },
});
const created = (over: Partial<typeof endpoint> = {}): WebhookEndpointEvent => ({ type: 'WebhookEndpointCreated', data: { ...endpoint, ...over, at: t0 } });
const update = (
  changes: Extract<WebhookEndpointCommand, { type: 'UpdateWebhookEndpoint' }>['data']['changes'],
  now = at(1_000),
  endpointId = 'e1',
): WebhookEndpointCommand => ({
  type: 'UpdateWebhookEndpoint',
  data: { endpointId, changes },
  metadata: { now },
});
const updated = (changes: Extract<WebhookEndpointEvent, { type: 'WebhookEndpointUpdated' }>['data']['changes'], now = at(1_000)): WebhookEndpointEvent => ({
  type: 'WebhookEndpointUpdated',
  data: { userId, endpointId: 'e1', changes, at: now },
});
const disable = (failingSince: string, now: string): WebhookEndpointCommand => ({
  type: 'DisableFailingWebhookEndpoint',
  data: { endpointId: 'e1', failingSince },
  metadata: { now },
});
const disabled = (failingSince: string, now: string): WebhookEndpointEvent => ({
  type: 'WebhookEndpointDisabled',
  data: { userId, endpointId: 'e1', reason: 'Every delivery failed for 5 days', failingSince, at: now },
});
const stored = (events: WebhookEndpointEvent[]): StoredEndpoint => events.reduce(evolveEndpoints, initialEndpointsState).endpoints['e1']!;

describe('CreateWebhookEndpoint', () => {
  it('records the endpoint with its secret', () => given([]).when(create()).then([created()]));
  it(`refuses more than ${WEBHOOKS_MAX} endpoints`, () => {
    const many = Array.from({ length: WEBHOOKS_MAX }, (_, i) => created({ endpointId: `e${i}` }));
    given(many.slice(1))
      .when(create({ endpointId: 'new' }))
      .then([created({ endpointId: 'new' })]);
    given(many)
      .when(create({ endpointId: 'new' }))
      .thenThrows(Conflict, webhookMessages.tooMany);
  });
  it('refuses an id in use', () => given([created()]).when(create()).thenThrows(Conflict));
  it('counts a deleted endpoint no more', () =>
    given([created(), { type: 'WebhookEndpointDeleted', data: { userId, endpointId: 'e1', at: t0 } }])
      .when(create())
      .then([created()]));
});

describe('UpdateWebhookEndpoint', () => {
  it('records only what changes', () =>
    given([created()])
      .when(update({ url: endpoint.url, description: 'Compliance', events: ['screening.completed'], enabled: true }))
      .then([updated({ description: 'Compliance' })]));
  it('records nothing when nothing changes', () =>
    given([created()])
      .when(update({ url: endpoint.url, enabled: true }))
      .then([]));
  it('disables and enables; enabling again starts a fresh failing period', () => {
    given([created()])
      .when(update({ enabled: false }))
      .then([updated({ enabled: false })]);
    const e = stored([created(), updated({ enabled: false }), updated({ enabled: true }, at(DAY))]);
    expect(e.enabled).toBe(true);
    expect(e.enabledSince).toBe(at(DAY));
  });
  it('is refused for an unknown endpoint', () => {
    given([created()])
      .when(update({ enabled: false }, at(1), 'e2'))
      .thenThrows(NotFound, webhookMessages.notFound);
    given([])
      .when(update({ enabled: false }))
      .thenThrows(NotFound, webhookMessages.notFound);
  });
});

describe('RotateWebhookSecret', () => {
  const rotate: WebhookEndpointCommand = { type: 'RotateWebhookSecret', data: { endpointId: 'e1', secret: 'whsec_two' }, metadata: { now: at(1_000) } };
  const rotated: WebhookEndpointEvent = { type: 'WebhookEndpointSecretRotated', data: { userId, endpointId: 'e1', secret: 'whsec_two', at: at(1_000) } };
  it('records the new secret', () => given([created()]).when(rotate).then([rotated]));
  it('signs with the previous secret too for 24 hours', () => {
    const e = stored([created(), rotated]);
    expect(signingSecrets(e, at(1_000 + DAY - 1))).toEqual(['whsec_two', 'whsec_one']);
    expect(signingSecrets(e, at(1_000 + DAY))).toEqual(['whsec_two']);
  });
  it('is refused for an unknown endpoint', () => given([]).when(rotate).thenThrows(NotFound, webhookMessages.notFound));
});

describe('DeleteWebhookEndpoint', () => {
  const remove: WebhookEndpointCommand = { type: 'DeleteWebhookEndpoint', data: { endpointId: 'e1' }, metadata: { now: at(1_000) } };
  it('records the deletion', () =>
    given([created()])
      .when(remove)
      .then([{ type: 'WebhookEndpointDeleted', data: { userId, endpointId: 'e1', at: at(1_000) } }]));
  it('is refused for an unknown or deleted endpoint', () => {
    given([]).when(remove).thenThrows(NotFound, webhookMessages.notFound);
    given([created(), { type: 'WebhookEndpointDeleted', data: { userId, endpointId: 'e1', at: t0 } }])
      .when(remove)
      .thenThrows(NotFound, webhookMessages.notFound);
  });
});

describe('DisableFailingWebhookEndpoint', () => {
  const since = at(DAY);
  it(`disables an endpoint failing for ${DISABLE_AFTER_FAILING_MS / DAY} days, not sooner`, () => {
    given([created()])
      .when(disable(since, at(DAY + DISABLE_AFTER_FAILING_MS - 1)))
      .then([]);
    given([created()])
      .when(disable(since, at(DAY + DISABLE_AFTER_FAILING_MS)))
      .then([disabled(since, at(DAY + DISABLE_AFTER_FAILING_MS))]);
  });
  it('disables once, saying why', () => {
    const e = stored([created(), disabled(since, at(6 * DAY))]);
    expect(e.enabled).toBe(false);
    expect(e.disabledReason).toBe('Every delivery failed for 5 days');
    given([created(), disabled(since, at(6 * DAY))])
      .when(disable(since, at(7 * DAY)))
      .then([]);
  });
  it('gives an endpoint enabled again since the failures began a fresh period', () =>
    given([created(), updated({ enabled: false }, at(2 * DAY)), updated({ enabled: true }, at(3 * DAY))])
      .when(disable(since, at(7 * DAY)))
      .then([]));
  it('records nothing for an endpoint deleted or never created', () => {
    given([])
      .when(disable(since, at(7 * DAY)))
      .then([]);
    given([created(), { type: 'WebhookEndpointDeleted', data: { userId, endpointId: 'e1', at: t0 } }])
      .when(disable(since, at(7 * DAY)))
      .then([]);
  });
});
