/**
 * Cases on the embedded server, blockchain data replayed from recorded answers on loopback and an
 * OFAC list naming the wallet (so its checks are High Risk, Non-compliant): opening a check as a
 * case once however often it is opened, another customer never seeing it, bad input refused with
 * nothing recorded, four eyes (the owner decides and requests the close, an admin approves it),
 * the filters, the check's details and PDF showing the decision, the audit log's names, and a case
 * opened on an alert.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditEventName, caseMessages, type CaseDetail, type CaseList, type WalletAnalysis } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { ADMIN, startTestServer, type TestServer } from './support/server';

const officer = { email: 'cases@exchange.example', password: 'Cases-Passphrase-1', username: 'Cases' };
const other = { email: 'other@bank.example', password: 'Other-Passphrase-1', username: 'Other' };

let replay: ReplayServer;
let server: TestServer;

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
    MONITORING_SCHEDULER_INTERVAL_SECONDS: '0',
  });
  for (const u of [officer, other]) await server.api('POST', '/api/auth/register', { body: u });
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  writeFileSync(
    path.join(dir, 'sdn.csv'),
    `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${a.btcWallet}."\n`,
  );
  await runSanctionsSync({
    eventStore: server.eventStore,
    file: path.join(dir, 'sdn.csv'),
    clock: () => new Date(),
    logger: createLogger({ level: 'silent' }),
  });
}, 60_000);
afterAll(async () => {
  await server.destroy();
  await replay.close();
});

const login = async (u: { email: string; password: string } = officer) =>
  (await server.api<{ token: string }>('POST', '/api/auth/login', { body: u })).body.token;
const adminToken = async () => (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
const caseEvents = async (caseId: string) => (await server.eventStore.readStream(`case-${caseId}`)).map((e) => e.type);

async function check(token: string) {
  const res = await server.api<WalletAnalysis & { check_id: string }>('POST', '/api/transactions/analyze-realtime', {
    token,
    body: { wallet_address: a.btcWallet },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status).toBe(200);
  return res.body;
}

let checkId: string;
let caseId: string;

describe('opening a case', () => {
  it('opens a completed check once, with its verdict; opening it again answers with the same case', async () => {
    const token = await login();
    const result = await check(token);
    checkId = result.check_id;
    expect(result).toMatchObject({ risk_level: 'High Risk', aml_status: 'Non-compliant' });

    const opened = await server.api<CaseDetail>('POST', '/api/cases', { token, body: { check_id: checkId } });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      status: 'open',
      subject: { kind: 'check', check_id: checkId, alert_id: null },
      owner_email: officer.email,
      address: a.btcWallet,
      risk: { level: 'High Risk', aml_status: 'Non-compliant' },
      decision: null,
      four_eyes: true,
      opened_by: { email: officer.email, role: 'user' },
    });
    caseId = opened.body.id;

    const again = await server.api<CaseDetail>('POST', '/api/cases', { token, body: { check_id: checkId } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(caseId);
    expect(await caseEvents(caseId)).toEqual(['CaseOpened']);
    expect((await server.api<CaseList>('GET', '/api/cases', { token })).body).toMatchObject({ total: 1, items: [{ id: caseId }] });
  });

  it('is not found by another customer, who can neither open, read nor act on it', async () => {
    const token = await login(other);
    expect((await server.api('POST', '/api/cases', { token, body: { check_id: checkId } })).status).toBe(404);
    expect((await server.api('GET', `/api/cases/${caseId}`, { token })).status).toBe(404);
    for (const [action, body] of [
      ['notes', { text: 'hello' }],
      ['decision', { decision: 'approve', reason: 'mine now' }],
      ['close', undefined],
      ['escalate', { reason: 'x' }],
      ['assign', { assignee_email: other.email }],
    ] as const) {
      expect((await server.api('POST', `/api/cases/${caseId}/${action}`, { token, ...(body ? { body } : {}) })).status).toBe(404);
    }
    expect((await server.api<CaseList>('GET', '/api/cases', { token })).body.total).toBe(0);
    expect((await server.api('GET', '/api/admin/cases', { token })).status).toBe(403);
    expect(await caseEvents(caseId)).toEqual(['CaseOpened']);
  });

  it('refuses bad input with a 400 problem and records nothing', async () => {
    const token = await login();
    const before = (await server.eventStore.readAll({ filter: { streamPrefixes: ['case-'] } })).length;
    const bad = [
      ['/api/cases', {}],
      ['/api/cases', { check_id: checkId, alert_id: randomUUID() }],
      ['/api/cases', { check_id: 'not-an-id' }],
      [`/api/cases/${caseId}/notes`, { text: '   ' }],
      [`/api/cases/${caseId}/decision`, { decision: 'approve', reason: '  ' }],
      [`/api/cases/${caseId}/decision`, { decision: 'maybe', reason: 'Because' }],
      [`/api/cases/${caseId}/decision`, { decision: 'approve', reason: 'x'.repeat(2001) }],
      [`/api/cases/${caseId}/escalate`, {}],
      [`/api/cases/${caseId}/assign`, { assignee_email: 'not-an-email' }],
      [`/api/cases/${caseId}/assign`, { assignee_email: other.email }],
    ] as const;
    for (const [url, body] of bad) {
      const res = await server.api<{ status: number }>('POST', url, { token, body });
      expect([url, res.status, res.headers.get('content-type')]).toEqual([url, 400, expect.stringContaining('application/problem+json')]);
    }
    expect((await server.api('GET', '/api/cases?status=maybe', { token })).status).toBe(400);
    expect((await server.eventStore.readAll({ filter: { streamPrefixes: ['case-'] } })).length).toBe(before);
  });
});

describe('deciding and closing with four eyes', () => {
  it('needs a decision before a close', async () => {
    const res = await server.api<{ detail: string }>('POST', `/api/cases/${caseId}/close`, { token: await login() });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(caseMessages.decisionRequired);
  });

  it('records the owner’s close as a request, refuses the same person again, and is closed by an admin', async () => {
    const token = await login();
    expect(
      (await server.api<CaseDetail>('POST', `/api/cases/${caseId}/notes`, { token, body: { text: 'Counterparty is on the OFAC list' } })).body.notes_count,
    ).toBe(1);
    const admin = await adminToken();
    const assigned = await server.api<CaseDetail>('POST', `/api/cases/${caseId}/assign`, { token, body: { assignee_email: ADMIN.email } });
    expect(assigned.body.assignee).toMatchObject({ email: ADMIN.email });
    const decided = await server.api<CaseDetail>('POST', `/api/cases/${caseId}/decision`, {
      token,
      body: { decision: 'report', reason: '  Direct OFAC SDN match; SAR filed  ' },
    });
    expect(decided.status).toBe(200);
    expect(decided.body.decision).toMatchObject({ decision: 'report', reason: 'Direct OFAC SDN match; SAR filed', by: { email: officer.email } });

    const requested = await server.api<CaseDetail>('POST', `/api/cases/${caseId}/close`, { token });
    expect(requested.status).toBe(200);
    expect(requested.body).toMatchObject({ status: 'open', pending_close: { by: { email: officer.email } }, closed: null });

    const same = await server.api<{ detail: string }>('POST', `/api/cases/${caseId}/close`, { token });
    expect(same.status).toBe(409);
    expect(same.body.detail).toBe(caseMessages.awaitingSecondPerson);

    const closed = await server.api<CaseDetail>('POST', `/api/cases/${caseId}/close`, { token: admin });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: 'closed',
      pending_close: null,
      closed: { by: { email: officer.email }, approved_by: { email: ADMIN.email, role: 'admin' } },
    });
    expect(closed.body.history.map((h) => h.name)).toEqual([
      'Case opened',
      'Case note added',
      'Case assigned',
      'Case decision recorded',
      'Case close requested (awaiting a second person)',
      'Case closed',
    ]);
    expect(closed.body.notes).toEqual([
      expect.objectContaining({ text: 'Counterparty is on the OFAC list', by: expect.objectContaining({ email: officer.email }) }),
    ]);
    expect((await server.api('POST', `/api/cases/${caseId}/notes`, { token, body: { text: 'late' } })).status).toBe(409);
  });

  it('lists the case under the filters, for its owner and for admins', async () => {
    const token = await login();
    const admin = await adminToken();
    const total = async (url: string, t = token) => (await server.api<CaseList>('GET', url, { token: t })).body.total;
    expect(await total('/api/cases?status=closed&decision=report&risk_level=high%20risk')).toBe(1);
    expect(await total('/api/cases?status=open')).toBe(0);
    expect(await total('/api/cases?decision=approve')).toBe(0);
    expect(await total(`/api/cases?q=${a.btcWallet.slice(5, 15).toUpperCase()}`)).toBe(1);
    expect(await total(`/api/cases?assignee=${encodeURIComponent(ADMIN.email)}`)).toBe(1);
    expect(await total('/api/cases?assignee=none')).toBe(0);
    expect(await total('/api/admin/cases?owner=CASES@', admin)).toBe(1);
    expect(await total('/api/admin/cases?owner=other@', admin)).toBe(0);
  });

  it("shows the decision in the check's details and its PDF, and nothing for a check without a case", async () => {
    const token = await login();
    const detail = await server.api<{ case?: Record<string, unknown> }>('GET', `/api/transactions/history/${checkId}`, { token });
    expect(detail.body.case).toMatchObject({
      id: caseId,
      status: 'closed',
      decision: 'report',
      reason: 'Direct OFAC SDN match; SAR filed',
      decided_by: officer.email,
      close_approved_by: ADMIN.email,
    });
    const adminDetail = await server.api<{ case?: Record<string, unknown> }>('GET', `/api/admin/transactions/${checkId}`, { token: await adminToken() });
    expect(adminDetail.body.case).toMatchObject({ decision: 'report', decided_by: officer.email });

    const plain = await check(token);
    expect((await server.api<Record<string, unknown>>('GET', `/api/transactions/history/${plain.check_id}`, { token })).body).not.toHaveProperty('case');

    const res = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/pdf/download_aml_report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ check_id: checkId, aml_report: 'x', wallet_address: a.btcWallet }),
    });
    expect(res.status).toBe(200);
    const dir = path.resolve(__dirname, '..', 'test-artifacts', 'pdf');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'case-report.pdf'), Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', [path.join(dir, 'case-report.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Case review');
    expect(text).toContain(`CHECK REQUESTED BY ${officer.email}`);
    expect(text).toContain('Reported: Direct OFAC SDN match; SAR filed');
    expect(text).toContain(`DECIDED BY ${officer.email}`);
    expect(text).toContain(`Requested by ${officer.email}, approved by ${ADMIN.email}`);
  });

  it("names the case's events in the audit log", async () => {
    const admin = await adminToken();
    const audit = await server.api<{ items: Array<{ type: string; user_id: string | null }> }>(
      'GET',
      `/api/admin/audit?stream=${encodeURIComponent(`case-${caseId}`)}&limit=50`,
      { token: admin },
    );
    expect(audit.status).toBe(200);
    expect(audit.body.items.map((e) => auditEventName(e.type)).reverse()).toEqual([
      'Case opened',
      'Case note added',
      'Case assigned',
      'Case decision recorded',
      'Case close requested (awaiting a second person)',
      'Case closed',
    ]);
    // Filed under the customer whose case it is, so the log's customer filter finds them.
    expect(new Set(audit.body.items.map((e) => e.user_id))).toEqual(new Set([userIdForEmail(officer.email)]));
    const byCustomer = await server.api<{ items: Array<{ type: string }> }>('GET', `/api/admin/audit?user=${encodeURIComponent(officer.email)}&limit=200`, {
      token: admin,
    });
    expect(byCustomer.body.items.map((e) => e.type)).toContain('CaseClosed');
  });

  it('reopens a closed case with a reason; it needs a new decision', async () => {
    const admin = await adminToken();
    expect((await server.api('POST', `/api/cases/${caseId}/reopen`, { token: admin, body: { reason: ' ' } })).status).toBe(400);
    const reopened = await server.api<CaseDetail>('POST', `/api/cases/${caseId}/reopen`, { token: admin, body: { reason: 'Customer appealed' } });
    expect(reopened.body).toMatchObject({ status: 'open', decision: null, closed: null });
    expect((await server.api('POST', `/api/cases/${caseId}/close`, { token: admin })).status).toBe(409);
  });

  it('is read by an auditor from the admin area (each read recorded), who can act on it in no way', async () => {
    const admin = await adminToken();
    const auditor = { email: 'case-auditor@audit.example', username: 'Case Auditor', password: 'Auditor-Passphrase-5' };
    expect((await server.api('POST', '/api/admin/auditors', { token: admin, body: auditor })).status).toBe(201);
    const token = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: auditor })).body.token;
    const list = await server.api<CaseList>('GET', '/api/admin/cases', { token });
    expect(list.body.items.map((c) => c.id)).toContain(caseId);
    const detail = await server.api<CaseDetail>('GET', `/api/admin/cases/${caseId}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body.history.map((h) => h.type)).toContain('CaseDecisionRecorded');
    // Not through the customers' route: an auditor reads from the admin area, where reads are recorded.
    expect((await server.api('GET', `/api/cases/${caseId}`, { token })).status).toBe(404);
    const recorded = (await server.eventStore.readStream(`auditor-access-${userIdForEmail(auditor.email)}`)).map((e) => (e.data as { path: string }).path);
    expect(recorded).toEqual(['/api/admin/cases', `/api/admin/cases/${caseId}`]);
    // The stream browser folds a case with the case's own evolve.
    const stream = await server.api<{ kind: string; state: { status: string; decision: unknown } }>('GET', `/api/admin/streams/case-${caseId}`, { token });
    expect(stream.body).toMatchObject({ kind: 'case', state: { status: 'open', decision: null } });
    const before = await server.eventStore.headPosition();
    for (const action of ['notes', 'escalate', 'decision', 'close', 'reopen']) {
      expect((await server.api('POST', `/api/cases/${caseId}/${action}`, { token, body: { text: 'x', reason: 'x', decision: 'approve' } })).status).toBe(403);
    }
    expect(await server.eventStore.headPosition()).toBe(before);
    // A customer does not read the admin area's case.
    expect((await server.api('GET', `/api/admin/cases/${caseId}`, { token: await login() })).status).toBe(403);
  });
});

describe('a case on an alert', () => {
  it("is opened on the alert's check, by its owner only", async () => {
    const token = await login();
    const alertId = randomUUID();
    const userId = userIdForEmail(officer.email);
    const verdict = { score: 100, level: 'High Risk', status: 'Non-compliant', sanctionsHits: [] };
    await server.eventStore.append(
      `alert-${alertId}`,
      [
        {
          id: randomUUID(),
          type: 'AlertRaised',
          data: {
            alertId,
            userId,
            watchId: randomUUID(),
            address: a.btcWallet,
            network: 'bitcoin',
            reasons: ['level-changed'],
            before: { ...verdict, score: 10, level: 'Low Risk', status: 'Compliant' },
            after: verdict,
            checkId,
            previousCheckId: checkId,
            evidence: { newHits: [], lists: { ofac: null, custom: [] }, trigger: 'schedule', listChange: null, reusedChainEvidenceOf: null },
            at: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: 'no-stream' },
    );
    expect((await server.api('POST', '/api/cases', { token: await login(other), body: { alert_id: alertId } })).status).toBe(404);
    const opened = await server.api<CaseDetail>('POST', '/api/cases', { token, body: { alert_id: alertId } });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ subject: { kind: 'alert', alert_id: alertId, check_id: checkId }, risk: { level: 'High Risk' } });
    expect(opened.body.id).not.toBe(caseId);
    expect((await server.api('POST', '/api/cases', { token, body: { alert_id: randomUUID() } })).status).toBe(404);
  });
});
