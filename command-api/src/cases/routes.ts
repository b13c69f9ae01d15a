/**
 * Cases: open a check or an alert as a case, the caller's cases and (admins) every case, one case
 * with its notes and history, and its actions. The customer whose check it is acts on their own
 * cases, admins on every case; to anyone else a case does not exist (404).
 */
import type { Response } from 'express';
import { z } from 'zod';
import {
  adminCaseListQuerySchema,
  assignCaseRequestSchema,
  caseDecisionRequestSchema,
  caseDetailSchema,
  caseListQuerySchema,
  caseListSchema,
  caseMessages,
  caseNoteRequestSchema,
  escalateCaseRequestSchema,
  openCaseRequestSchema,
  reopenCaseRequestSchema,
} from '@walletscreen/contracts';
import type { CaseActor } from '@walletscreen/domain/case/events';
import { currentUser, sessionAuth, type Authenticator } from '../http/auth';
import { auditReaderAnswers, route, routeGroup, type RouteGroup } from '../http/route';
import type { Cases } from './service';
import { setConsistencyToken } from '../http/consistency';

const idSchema = z.object({ id: z.uuid({ error: 'Not a case id' }) });
const tags = ['Cases'];
const signedIn = { 401: { description: 'Not signed in, or the session expired' }, 403: { description: 'Blocked' } };
const notFound = { 404: { description: 'No such case of yours' } };
const caseAnswer = { 200: { description: 'The case, with its notes and history', schema: caseDetailSchema } };

/** The signed-in caller as a case records them. */
function actor(res: Response): CaseActor {
  const user = currentUser(res);
  return { userId: user.userId, email: user.email, role: user.role === 'admin' ? 'admin' : 'user' };
}

export function casesRoutes(deps: { auth: Authenticator; cases: Cases }): RouteGroup {
  const { cases } = deps;
  /** Runs an action and answers with the case as its stream shows it, and the action's consistency token (for the lists). */
  const acting = async (res: Response, caseId: string, act: (by: CaseActor) => Promise<{ position: number | null }>) => {
    const by = actor(res);
    const { position } = await act(by);
    setConsistencyToken(res, position);
    res.json(await cases.get(by, caseId));
  };
  const action = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B | undefined,
    extra: Record<number, { description: string }>,
    act: (by: CaseActor, id: string, body: z.output<B>) => Promise<{ position: number | null }>,
    description?: string,
  ) =>
    route({
      method: 'post',
      path: `/cases/:id/${path}`,
      summary,
      ...(description ? { description } : {}),
      tags,
      auth: 'session',
      request: { params: idSchema, paramsNotFound: caseMessages.notFound, ...(body ? { body } : {}) },
      responses: { ...caseAnswer, ...extra, ...notFound, ...signedIn },
      async handle({ params, body: input }, _req, res) {
        await acting(res, params.id, (by) => act(by, params.id, input as z.output<B>));
      },
    });
  const closedConflict = { 409: { description: 'The case is closed' } };

  return routeGroup(
    [
      route({
        method: 'post',
        path: '/cases',
        summary: 'Open a check or an alert as a case (one case each: opening it again answers with the case)',
        description: 'The check must be completed; the case records its risk level and AML status as they were. Yours, or any customer’s for an admin.',
        tags,
        auth: 'session',
        request: { body: openCaseRequestSchema },
        responses: {
          201: { description: 'The case, opened', schema: caseDetailSchema },
          200: { description: 'The case opened before', schema: caseDetailSchema },
          400: { description: 'Neither or both of check_id and alert_id, or not an id' },
          404: { description: 'No such check or alert of yours' },
          409: { description: 'The check has not completed' },
          ...signedIn,
        },
        async handle({ body }, _req, res) {
          const by = actor(res);
          const { caseId, created, position } = await cases.open(by, body.alert_id ? { alertId: body.alert_id } : { checkId: body.check_id! });
          setConsistencyToken(res, position);
          res.status(created ? 201 : 200).json(await cases.get(by, caseId));
        },
      }),
      route({
        method: 'get',
        path: '/cases',
        summary: "The caller's cases, changed last first, filtered by the server",
        tags,
        auth: 'session',
        request: { query: caseListQuerySchema },
        responses: { 200: { description: 'A page of cases and how many match', schema: caseListSchema }, 400: { description: 'Invalid filter' }, ...signedIn },
        async handle({ query }, _req, res) {
          res.json(await cases.mine(currentUser(res).userId, { ...query, owner: undefined }));
        },
      }),
      route({
        method: 'get',
        path: '/admin/cases',
        summary: "Every customer's cases, changed last first, with the same filters and the owner's e-mail (admins and auditors)",
        tags: ['Admin: cases'],
        auth: 'audit',
        request: { query: adminCaseListQuerySchema },
        responses: {
          200: {
            description: 'A page of cases and how many match',
            schema: caseListSchema,
            links: { case: { operationId: 'getAdminCasesById', parameters: { id: '$response.body#/items/0/id' }, description: 'The first case of the page' } },
          },
          400: { description: 'Invalid filter' },
          ...auditReaderAnswers,
        },
        async handle({ query }, _req, res) {
          res.json(await cases.all(query));
        },
      }),
      route({
        method: 'get',
        path: '/admin/cases/:id',
        summary: "Any customer's case with its notes and its history (admins and auditors)",
        tags: ['Admin: cases'],
        auth: 'audit',
        request: { params: idSchema, paramsNotFound: caseMessages.notFound },
        responses: { ...caseAnswer, ...notFound, ...auditReaderAnswers },
        async handle({ params }, _req, res) {
          res.json(await cases.get('admin-area', params.id));
        },
      }),
      route({
        method: 'get',
        path: '/cases/:id',
        summary: 'One case with its notes and its history (every event, with who and when)',
        tags,
        auth: 'session',
        request: { params: idSchema, paramsNotFound: caseMessages.notFound },
        responses: { ...caseAnswer, ...notFound, ...signedIn },
        async handle({ params }, _req, res) {
          res.json(await cases.get(actor(res), params.id));
        },
      }),
      action('notes', 'Add a note to a case', caseNoteRequestSchema, { 400: { description: 'No note, or too long' }, ...closedConflict }, (by, id, b) =>
        cases.note(by, id, b.text),
      ),
      action(
        'assign',
        'Assign a case to the customer whose check it is or to an administrator, or unassign it (null)',
        assignCaseRequestSchema,
        { 400: { description: 'Not an e-mail, or not someone the case can be assigned to' }, ...closedConflict },
        (by, id, b) => cases.assign(by, id, b.assignee_email),
      ),
      action(
        'escalate',
        'Escalate a case, with the reason',
        escalateCaseRequestSchema,
        { 400: { description: 'No reason, or too long' }, 409: { description: 'Closed, or escalated already' } },
        (by, id, b) => cases.escalate(by, id, b.reason),
      ),
      action(
        'decision',
        'Record the decision on a case (approve, reject or report) with its reason; a pending close request is cancelled',
        caseDecisionRequestSchema,
        { 400: { description: 'No decision or reason, or the reason is too long' }, ...closedConflict },
        (by, id, b) => cases.decide(by, id, b.decision, b.reason),
      ),
      action(
        'close',
        'Close a decided case; under four eyes, the first call requests the close and a second person completes it',
        undefined,
        { 409: { description: 'Closed already, no decision yet, or four eyes: the caller requested the close or recorded the decision' } },
        (by, id) => cases.close(by, id),
        'With four eyes (set by the operator: by default cases of High Risk, Non-compliant or Incomplete checks), the first close is recorded as a request (`pending_close`) and the case stays open; it is closed by a call from someone other than the requester and the person who recorded the decision. A new decision cancels a pending request.',
      ),
      action(
        'reopen',
        'Reopen a closed case, with the reason; it needs a new decision to be closed again',
        reopenCaseRequestSchema,
        { 400: { description: 'No reason, or too long' }, 409: { description: 'The case is not closed' } },
        (by, id, b) => cases.reopen(by, id, b.reason),
      ),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}
