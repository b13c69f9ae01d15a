import { curlExamples, expiresText, lastUsedText, statusBadge } from './api-key-display';

describe('how a key reads', () => {
  it('says "Never" for a key not used yet or without expiry, and dd.MM.yyyy (with the time for the last use) otherwise', () => {
    expect(lastUsedText({ last_used_at: null })).toBe('Never');
    expect(lastUsedText({ last_used_at: '2026-01-05T08:03:59.000Z' })).toBe('05.01.2026 08:03');
    expect(expiresText({ expires_at: null })).toBe('Never');
    expect(expiresText({ expires_at: '2027-12-31T23:59:59Z' })).toBe('31.12.2027');
  });

  it('badges the status: the accent for an active key, greys for expired and revoked with the day they stopped', () => {
    expect(statusBadge({ status: 'active', revoked_at: null, expires_at: null, suspended_at: null })).toEqual({
      label: 'Active',
      color: 'accent',
      variant: 'light',
    });
    expect(statusBadge({ status: 'expired', revoked_at: null, expires_at: '2026-01-31T23:59:59Z', suspended_at: null })).toMatchObject({
      label: 'Expired',
      color: 'gray',
      title: 'Expired on 31.01.2026',
    });
    expect(statusBadge({ status: 'revoked', revoked_at: '2026-02-01T10:00:00Z', expires_at: null, suspended_at: null })).toMatchObject({
      label: 'Revoked',
      color: 'gray',
      title: 'Revoked on 01.02.2026',
    });
  });

  it('badges a key a block suspended in grey, saying when, why and what its owner can do', () => {
    expect(statusBadge({ status: 'suspended', revoked_at: null, expires_at: null, suspended_at: '2026-03-04T10:00:00Z' })).toEqual({
      label: 'Suspended',
      color: 'gray',
      variant: 'light',
      title: 'Suspended on 04.03.2026, when your account was blocked. It stays suspended after the unblock: ask an admin to re-enable it, or create a new key.',
    });
  });

  it('writes the example calls against this server with the X-API-Key header', () => {
    const { list, screen } = curlExamples('https://screen.example.com');
    expect(list).toBe('curl -s "https://screen.example.com/api/v1/screenings" \\\n  -H "X-API-Key: <your API key>"');
    expect(screen).toContain('-X POST "https://screen.example.com/api/v1/screenings"');
    expect(screen).toContain(`-d '{"address":"<wallet address>"}'`);
  });
});
