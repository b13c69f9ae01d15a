/**
 * The auditor's stream routes (admins and auditors, reads only, checked on the server; an auditor's every call recorded):
 * GET /api/admin/checks/:checkId/events — a check's stream event by event, with the versions it used and what it cost its customer;
 * GET /api/admin/checks/:checkId/replay — the recorded risk-model version re-run on the recorded evidence;
 * GET /api/admin/checks/:checkId/evidence — the check's evidence bundle (shared/evidence-bundle.ts);
 * GET /api/admin/streams?prefix=&after=&limit= — stream ids;
 * GET /api/admin/streams/:streamId?position=N — a stream's events up to a global position and its folded state.
 *
 * The replay is a GET: it changes nothing and its answer is a function of the check's recorded
 * (immutable) events and the model versions deployed, so it is safe and idempotent to ask again.
 */
import { z } from 'zod';
import {
  checkEventsSchema,
  checkReplaySchema,
  checkStreamId,
  streamListQuerySchema,
  streamListSchema,
  streamParamsSchema,
  streamQuerySchema,
  streamViewSchema,
  type CheckCharge,
  type CheckReplayResponse,
  type CheckVersions,
} from '@walletscreen/contracts';
import { evolveCheck, type CheckState } from '@walletscreen/domain/check/state';
import type { CheckEvent, WalletCheckRequested } from '@walletscreen/domain/check/events';
import { userEvents, userStreamId, type UserEvent } from '@walletscreen/domain/user/events';
import { evolveUser, initialUserState, type UserState } from '@walletscreen/domain/user/state';
import type { EventStore, RecordedEvent } from '@walletscreen/platform';
import { sessionAuth, type Authenticator } from '../http/auth';
import { auditReaderAnswers, route, routeGroup, type RouteGroup } from '../http/route';
import { NotFound } from '@walletscreen/domain/errors';
import { evidenceAnswers, sendEvidenceBundle, type EvidenceBundles } from '../shared/evidence-bundle';
import { streamKinds } from './stream-kinds';
import { browseStream, streamEventOf, streamKindOf } from './streams';

const checkParams = z.object({ checkId: z.uuid({ error: 'Not a check id' }).meta({ description: 'The check id' }) });
const noCheck = 'Check not found';

/**
 * The port the check routes call. The composition root plugs in the workers' replay
 * (workers/src/checks/replay-audit.ts), which has this shape.
 */
export interface CheckAudit {
  /** The replay of a check from its events (workers/src/checks/replay.ts, shaped for the API). */
  replay(checkId: string, events: readonly RecordedEvent[]): CheckReplayResponse;
  /** What the check used, as its evidence records it. */
  versions(events: readonly RecordedEvent[]): CheckVersions;
}

export function streamRoutes(deps: { auth: Authenticator; eventStore: EventStore; checks: CheckAudit; evidence: EvidenceBundles }): RouteGroup {
  const tags = ['Admin: audit'];

  async function checkEvents(checkId: string): Promise<{ events: RecordedEvent[]; state: Exclude<CheckState, { status: 'none' }> }> {
    const events = await deps.eventStore.readStream(checkStreamId(checkId));
    let state: CheckState = { status: 'none' };
    for (const e of events) state = evolveCheck(state, { type: e.type, data: e.data } as CheckEvent);
    if (state.status === 'none') throw new NotFound(noCheck);
    return { events, state };
  }

  /** What the check cost its customer, from their own stream (the write side). */
  async function chargeOf(request: WalletCheckRequested): Promise<CheckCharge> {
    const none = { source: null, refunded_at: null, refund_reason: null, refunded_by: null };
    if (request.chargeSource === 'free') return { status: 'free', ...none };
    let user: UserState = initialUserState;
    for (const e of await deps.eventStore.readStream(userStreamId(request.userId))) {
      if (userEvents.typeSet.has(e.type)) user = evolveUser(user, { type: e.type, data: e.data } as UserEvent);
    }
    const charge = user.status === 'registered' ? user.charges[request.checkId] : undefined;
    if (!charge) return { status: 'not-charged', ...none };
    return {
      status: charge.refunded ? 'refunded' : 'charged',
      source: charge.source,
      refunded_at: charge.refund?.at ?? null,
      refund_reason: charge.refund?.reason ?? null,
      refunded_by: charge.refund?.by?.email ?? null,
    };
  }

  return routeGroup(
    [
      route({
        method: 'get',
        path: '/admin/checks/:checkId/events',
        summary:
          "A check's stream event by event (evidence as recorded, hashes), the versions it used (risk model, sanctions list, custom lists, intelligence) and what it cost its customer: charged, refunded (when, why, by which admin) or free (admins and auditors)",
        tags,
        auth: 'audit',
        request: { params: checkParams, paramsNotFound: noCheck },
        responses: {
          200: { description: 'The events, oldest first', schema: checkEventsSchema },
          404: { description: 'No such check' },
          ...auditReaderAnswers,
        },
        async handle({ params }, _req, res) {
          const { events, state } = await checkEvents(params.checkId);
          res.json({
            check_id: params.checkId,
            status: state.status,
            events: events.map(streamEventOf),
            versions: deps.checks.versions(events),
            charge: await chargeOf(state.request),
          });
        },
      }),
      route({
        method: 'get',
        path: '/admin/checks/:checkId/replay',
        summary:
          'Re-runs the risk-model version the check recorded on the evidence it recorded and compares it with the recorded verdict field by field: identical, differs (where), or not replayable (why). Changes nothing (admins and auditors)',
        tags,
        auth: 'audit',
        request: { params: checkParams, paramsNotFound: noCheck },
        responses: { 200: { description: 'The comparison', schema: checkReplaySchema }, 404: { description: 'No such check' }, ...auditReaderAnswers },
        async handle({ params }, _req, res) {
          const { events } = await checkEvents(params.checkId);
          res.json(deps.checks.replay(params.checkId, events));
        },
      }),
      route({
        method: 'get',
        path: '/admin/checks/:checkId/evidence',
        summary:
          "A finished check's evidence bundle: its events as stored with their inclusion proofs against a signed tree head of the audit log, the public key, and the list, feed and model versions it used (admins and auditors)",
        description: "Verifies offline with the repository's verifier (`npx walletscreen-verify <file>`).",
        tags,
        auth: 'audit',
        request: { params: checkParams, paramsNotFound: noCheck },
        responses: { ...evidenceAnswers, 404: { description: 'No such check' }, ...auditReaderAnswers },
        async handle({ params }, _req, res) {
          sendEvidenceBundle(res, await deps.evidence.bundle(params.checkId, 'audit'));
        },
      }),
      route({
        method: 'get',
        path: '/admin/streams',
        summary: 'Ids of the streams holding events, ascending, by prefix, paged (admins and auditors)',
        tags,
        auth: 'audit',
        request: { query: streamListQuerySchema },
        responses: {
          200: { description: 'A page of stream ids, with the kinds the browser folds', schema: streamListSchema },
          400: { description: 'Invalid prefix, cursor or limit' },
          ...auditReaderAnswers,
        },
        async handle({ query }, _req, res) {
          const ids = await deps.eventStore.listStreams({
            limit: query.limit + 1,
            ...(query.prefix ? { prefix: query.prefix } : {}),
            ...(query.after ? { after: query.after } : {}),
          });
          const page = ids.slice(0, query.limit);
          res.json({
            streams: page.map((id) => ({ stream_id: id, kind: streamKindOf(streamKinds, id)?.kind ?? null })),
            next_after: ids.length > query.limit ? page[page.length - 1]! : null,
            kinds: streamKinds.map((k) => ({ kind: k.kind, prefix: k.prefix, folds: k.fold !== null })),
          });
        },
      }),
      route({
        method: 'get',
        path: '/admin/streams/:streamId',
        summary: "A stream's events up to a global position and the state the domain's own evolve folds from them (admins and auditors)",
        tags,
        auth: 'audit',
        request: { params: streamParamsSchema, paramsNotFound: 'Stream not found', query: streamQuerySchema },
        responses: {
          200: { description: 'The events and the state then', schema: streamViewSchema },
          400: { description: 'Invalid position' },
          404: { description: 'No such stream' },
          ...auditReaderAnswers,
        },
        async handle({ params, query }, _req, res) {
          const events = await deps.eventStore.readStream(params.streamId);
          if (events.length === 0) throw new NotFound('Stream not found');
          const position = query.position ?? (await deps.eventStore.headPosition());
          res.json(browseStream(streamKinds, params.streamId, events, position));
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}
