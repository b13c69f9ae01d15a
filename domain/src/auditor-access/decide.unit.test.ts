import { deciderSpec } from '../../testing/decider-spec';
import { auditorAccessDecider, type AuditorAccessCommand } from './decide';
import type { AuditorAccessEvent } from './events';
import { evolveAuditorAccess, initialAuditorAccessState } from './state';

const given = deciderSpec(auditorAccessDecider);
const now = '2026-11-26T09:00:00.000Z';
const auditor = { userId: '00000000-0000-8000-8000-0000000000a0', email: 'auditor@regulator.example', role: 'auditor' as const };
const view = (path: string, params: Record<string, string> = {}, at = now): AuditorAccessCommand => ({
  type: 'RecordAuditorView',
  data: { by: auditor, method: 'GET', path, params },
  metadata: { now: at },
});
const viewed = (path: string, params: Record<string, string> = {}, at = now): AuditorAccessEvent => ({
  type: 'AuditorViewedData',
  data: { by: auditor, method: 'GET', path, params, at },
});

describe('RecordAuditorView', () => {
  it('records who looked, the call as received, its parameters and when', () =>
    given([])
      .when(view('/api/admin/customers/u-1?x=1', { userId: 'u-1' }))
      .then([viewed('/api/admin/customers/u-1?x=1', { userId: 'u-1' })]));
  it('records every view, the same one again too (a log of reads, not a state)', () =>
    given([viewed('/api/admin/customers')])
      .when(view('/api/admin/customers'))
      .then([viewed('/api/admin/customers')]));
  it('counts the views and keeps the last moment', () => {
    const later = '2026-11-26T09:05:00.000Z';
    expect([viewed('/a'), viewed('/b', {}, later)].reduce(evolveAuditorAccess, initialAuditorAccessState)).toEqual({ views: 2, lastViewedAt: later });
  });
});
