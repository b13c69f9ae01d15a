/**
 * The ids are part of the stored data's meaning (a retry after an upgrade must find the same
 * stream and write the same event ids): these are the values stored streams hold, computed by the
 * code that wrote them before the ids had one module.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  batchRowCheckKey,
  checkIdFor,
  checkPipelineEventId,
  commandEventId,
  importedVersionEventId,
  listChangeRescreenKey,
  purchaseIdFor,
  scheduledRescreenKey,
  userIdForEmail,
  uuidFrom,
} from './ids';

describe('ids', () => {
  it('keeps the values stored streams hold (computed by the code that wrote them)', () => {
    expect(userIdForEmail(' Alice@Example.COM ')).toBe('91c46512-99d0-8f5a-a8f6-a40c9649676c');
    expect(checkPipelineEventId('c1', 'stage-1')).toBe('ab741d05-4691-88f0-a625-bf60f244a841');
    expect(checkIdFor('u1', 'k1')).toBe('1f8ca14b-a620-824d-898f-2acc84d8d2b0');
    expect(purchaseIdFor('stripe', 'cs_1')).toBe('51183d44-02e5-8d8b-b873-561824c5385d');
    expect(checkIdFor('u1', batchRowCheckKey('b1', 2))).toBe('52d7759c-5097-892f-a240-1d49e905ccd6');
    expect(checkIdFor('u1', scheduledRescreenKey('w1', '2026-11-23T10:00:00.000Z'))).toBe('81f4fc35-10d0-8fc1-9e80-ac331adb7209');
    expect(checkIdFor('u1', listChangeRescreenKey('w1', 'e1'))).toBe('4afae16d-bfe3-8cc3-8b91-a468b1bfca12');
  });

  it('shapes every name-based id as a version-8 UUID with the RFC 4122 variant, from the SHA-256 of its name', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const id = uuidFrom(name);
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        const h = createHash('sha256').update(name).digest('hex');
        expect(id.replace(/-/g, '')).toBe(h.slice(0, 12) + '8' + h.slice(13, 16) + id[19] + h.slice(17, 32));
      }),
    );
  });

  it('keeps the pipeline its own shape (variant digit a) and the command handler its stream|command|index names', () => {
    expect(checkPipelineEventId('c1', 'stage-1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(commandEventId('user-u1', 'cmd', 2)).toBe(uuidFrom('user-u1|cmd|2'));
    expect(importedVersionEventId('sanctions-ofac-sdn', 3, 'ab')).toBe(uuidFrom('sanctions-ofac-sdn|3|ab'));
  });
});
