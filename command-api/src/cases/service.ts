/**
 * Cases' commands and queries: open a case on a check or an alert (one case per subject, its id
 * derived from it), act on it (notes, assignment, escalation, decision, close, reopen), read one
 * with its notes and history from its stream, and list them from the read model.
 */
import { randomUUID } from 'node:crypto';
import {
  alertStreamId,
  auditEventName,
  caseMessages,
  checkStreamId,
  fourEyesApplies,
  shownRiskScore,
  type CaseDecision,
  type CaseDetail,
  type CaseList,
  type CaseListQuery,
  type CaseSummary,
  type FourEyesPolicy,
} from '@walletscreen/contracts';
import { evolveCheck, type CheckState } from '@walletscreen/domain/check/state';
import type { CheckEvent } from '@walletscreen/domain/check/events';
import type { EventStore, ReadStore } from '@walletscreen/platform';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { caseIdFor } from '@walletscreen/domain/ids';
import { findCases } from '@walletscreen/projections/cases/queries';
import { emailOfUser, findCustomerByEmail } from '@walletscreen/projections/customers/queries';
import { Conflict, Invalid, NotFound } from '@walletscreen/domain/errors';
import type { AlertRaised } from '@walletscreen/domain/alert/events';
import { caseDecider, type CaseCommand } from '@walletscreen/domain/case/decide';
import { caseStreamId, type CaseActor, type CaseEvent, type CaseSubject } from '@walletscreen/domain/case/events';
import { actorView, caseSummaryFold } from '@walletscreen/domain/case/summary';

export { caseIdFor } from '@walletscreen/domain/ids';

const mayRead = (ownerUserId: string, by: CaseActor) => by.role === 'admin' || by.userId === ownerUserId;

function historyDetail(event: CaseEvent): { by: CaseActor; detail: string } {
  switch (event.type) {
    case 'CaseOpened': {
      const d = event.data;
      const on = d.subject.kind === 'check' ? `check ${d.subject.checkId}` : `alert ${d.subject.alertId} (check ${d.subject.checkId})`;
      return { by: d.openedBy, detail: `Opened on ${on}: ${d.risk.level}, ${d.risk.amlStatus}` };
    }
    case 'CaseAssigned':
      return { by: event.data.by, detail: event.data.assignee ? `Assigned to ${event.data.assignee.email}` : 'Unassigned' };
    case 'CaseNoteAdded':
      return { by: event.data.by, detail: event.data.text };
    case 'CaseEscalated':
      return { by: event.data.by, detail: event.data.reason };
    case 'CaseDecisionRecorded': {
      const d = event.data;
      const cancelled = d.cancelledCloseRequest ? ` (cancels the close requested by ${d.cancelledCloseRequest.by.email})` : '';
      return { by: d.by, detail: `${d.decision.charAt(0).toUpperCase()}${d.decision.slice(1)}: ${d.reason}${cancelled}` };
    }
    case 'CaseCloseRequested':
      return { by: event.data.by, detail: 'Awaiting a second person to approve the close' };
    case 'CaseClosed': {
      const d = event.data;
      return d.approvedBy
        ? { by: d.approvedBy, detail: `Close requested by ${d.by.email}, approved by ${d.approvedBy.email}` }
        : { by: d.by, detail: 'Closed' };
    }
    case 'CaseReopened':
      return { by: event.data.by, detail: event.data.reason };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export function createCases(deps: { eventStore: EventStore; readStore: ReadStore; clock: () => Date; fourEyes: FourEyesPolicy }) {
  const handler = new CommandHandler(deps.eventStore, caseDecider);
  const now = () => deps.clock().toISOString();
  const execute = async (caseId: string, command: CaseCommand, commandId: string = randomUUID()) => {
    const actor = command.type === 'OpenCase' ? command.data.openedBy : command.data.by;
    const { events, position } = await handler.execute(caseStreamId(caseId), command, { commandId, metadata: { command: command.type, actor } });
    return { created: events.length > 0, position };
  };

  async function loadCheck(checkId: string): Promise<CheckState> {
    let state: CheckState = { status: 'none' };
    for (const e of await deps.eventStore.readStream(checkStreamId(checkId))) state = evolveCheck(state, { type: e.type, data: e.data } as CheckEvent);
    return state;
  }

  async function alertRaised(alertId: string): Promise<AlertRaised | null> {
    const raised = (await deps.eventStore.readStream(alertStreamId(alertId))).find((e) => e.type === 'AlertRaised');
    return raised ? (raised.data as AlertRaised) : null;
  }

  /** The case's events, folded; another customer's case (unless read from the admin area), or none, is not found. */
  async function read(by: CaseActor | 'admin-area', caseId: string): Promise<{ summary: CaseSummary; events: Array<{ event: CaseEvent }> }> {
    const events = (await deps.eventStore.readStream(caseStreamId(caseId)))
      .filter((e) => caseDecider.types.has(e.type))
      .map((e) => ({ event: { type: e.type, data: e.data } as CaseEvent }));
    let summary: CaseSummary | null = null;
    for (const { event } of events) summary = caseSummaryFold(summary, event);
    if (!summary || (by !== 'admin-area' && !mayRead(summary.owner_user_id, by))) throw new NotFound(caseMessages.notFound);
    return { summary, events };
  }

  async function list(query: CaseListQuery, ownerUserId?: string): Promise<CaseList> {
    const level = query.risk_level;
    const { items, total } = await findCases(
      deps.readStore,
      {
        ownerUserId,
        status: query.status === 'all' ? undefined : query.status,
        decision: query.decision === 'all' ? undefined : query.decision,
        riskLevel: level,
        assigneeEmail: query.assignee,
        address: query.q,
        ownerEmail: query.owner,
      },
      query,
    );
    return { items: items.map(({ check_id: _c, risk_level: _r, decision_kind: _d, assignee_email: _a, ...summary }) => summary), total };
  }

  return {
    caseIdFor,

    /** Opens the case of a check or an alert of the caller's (any, for an admin), or finds it open already. */
    async open(by: CaseActor, input: { checkId: string } | { alertId: string }): Promise<{ caseId: string; created: boolean; position: number | null }> {
      let subject: CaseSubject;
      if ('alertId' in input) {
        const alert = await alertRaised(input.alertId);
        if (!alert || !mayRead(alert.userId, by)) throw new NotFound(caseMessages.alertNotFound, { alert_id: caseMessages.alertNotFound });
        subject = { kind: 'alert', alertId: input.alertId, checkId: alert.checkId };
      } else {
        subject = { kind: 'check', checkId: input.checkId };
      }
      const check = await loadCheck(subject.checkId);
      if (check.status === 'none' || !mayRead(check.request.userId, by))
        throw new NotFound(caseMessages.checkNotFound, { check_id: caseMessages.checkNotFound });
      if (check.status !== 'completed' || !check.result) throw new Conflict(caseMessages.checkNotCompleted);
      const caseId = caseIdFor(subject);
      const owner = check.request.userId;
      const r = check.result;
      const result = await execute(
        caseId,
        {
          type: 'OpenCase',
          data: {
            caseId,
            subject,
            ownerUserId: owner,
            ownerEmail: owner === by.userId ? by.email : ((await emailOfUser(deps.readStore, owner)) ?? ''),
            address: check.request.address,
            network: check.request.network,
            risk: { level: r.risk_level, amlStatus: r.aml_status, score: shownRiskScore(r.risk_level, r.risk_score) },
            openedBy: by,
          },
          metadata: { now: now() },
        },
        'open',
      );
      return { caseId, ...result };
    },

    /** One case with its notes and history, from its stream: the caller's, or any when read from the admin area (admins and auditors). */
    async get(by: CaseActor | 'admin-area', caseId: string): Promise<CaseDetail> {
      const { summary, events } = await read(by, caseId);
      return {
        ...summary,
        four_eyes: fourEyesApplies(deps.fourEyes, { level: summary.risk.level, amlStatus: summary.risk.aml_status }),
        notes: events.flatMap(({ event: e }) =>
          e.type === 'CaseNoteAdded' ? [{ id: e.data.noteId, text: e.data.text, by: actorView(e.data.by), at: e.data.at }] : [],
        ),
        history: events.map(({ event: e }) => {
          const { by: actor, detail } = historyDetail(e);
          return { type: e.type, name: auditEventName(e.type), by: actorView(actor), at: e.data.at, detail };
        }),
      };
    },

    /** The caller's own cases. */
    mine: (userId: string, query: CaseListQuery) => list({ ...query, owner: undefined }, userId),
    /** Every case (admins). */
    all: (query: CaseListQuery) => list(query),

    note: (by: CaseActor, caseId: string, text: string) =>
      execute(caseId, { type: 'AddCaseNote', data: { noteId: randomUUID(), text, by }, metadata: { now: now() } }),

    async assign(by: CaseActor, caseId: string, assigneeEmail: string | null) {
      let assignee: CaseActor | null = null;
      if (assigneeEmail !== null) {
        await read(by, caseId);
        const user = await findCustomerByEmail(deps.readStore, assigneeEmail);
        // Whether an e-mail is registered is not told: an unknown one reads as one that may not be assigned.
        if (!user) throw new Invalid(caseMessages.assigneeNotAllowed, { assignee_email: caseMessages.assigneeNotAllowed });
        assignee = { userId: user.id, email: user.email, role: user.role === 'admin' ? 'admin' : 'user' };
      }
      return execute(caseId, { type: 'AssignCase', data: { assignee, by }, metadata: { now: now() } });
    },

    escalate: (by: CaseActor, caseId: string, reason: string) => execute(caseId, { type: 'EscalateCase', data: { reason, by }, metadata: { now: now() } }),
    decide: (by: CaseActor, caseId: string, decision: CaseDecision, reason: string) =>
      execute(caseId, { type: 'RecordCaseDecision', data: { decision, reason, by }, metadata: { now: now() } }),
    close: (by: CaseActor, caseId: string) => execute(caseId, { type: 'CloseCase', data: { by, fourEyes: deps.fourEyes }, metadata: { now: now() } }),
    reopen: (by: CaseActor, caseId: string, reason: string) => execute(caseId, { type: 'ReopenCase', data: { reason, by }, metadata: { now: now() } }),
  };
}

export type Cases = ReturnType<typeof createCases>;
