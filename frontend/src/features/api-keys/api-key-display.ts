/** How a key reads on the API keys screen: its dates, its status and its scopes. */
import { type ApiKey, type ApiKeyScope } from '@walletscreen/contracts';
import { formatDate, formatDateTime } from '../../lib/format-date';

export const NEVER = 'Never';

/** dd.MM.yyyy HH:mm in UTC; the time matters for a key's last use. */
export const formatMoment = (iso: string) => formatDateTime(iso);

/** "Never", or when the key was last used (recorded at most once a minute). */
export const lastUsedText = (key: Pick<ApiKey, 'last_used_at'>) => (key.last_used_at ? formatMoment(key.last_used_at) : NEVER);

/** "Never", or the day the key stops working (dd.MM.yyyy, UTC). */
export const expiresText = (key: Pick<ApiKey, 'expires_at'>) => (key.expires_at ? formatDate(key.expires_at) : NEVER);

/** What the owner of a suspended key can do. */
export const SUSPENDED_WHAT_NOW = 'It stays suspended after the unblock: ask an admin to re-enable it, or create a new key.';

export const scopeLabels: Record<ApiKeyScope, string> = { screen: 'Screen', read: 'Read', monitor: 'Monitor' };

/** A status badge: the accent for a working key, neutral greys for the others (risk colours are for risk only). */
export function statusBadge(key: Pick<ApiKey, 'status' | 'revoked_at' | 'expires_at' | 'suspended_at'>): {
  label: string;
  color: string;
  variant: 'light' | 'outline';
  title?: string;
} {
  switch (key.status) {
    case 'active':
      return { label: 'Active', color: 'accent', variant: 'light' };
    case 'suspended':
      return {
        label: 'Suspended',
        color: 'gray',
        variant: 'light',
        title: `${key.suspended_at ? `Suspended on ${formatDate(key.suspended_at)}, when` : 'Suspended when'} your account was blocked. ${SUSPENDED_WHAT_NOW}`,
      };
    case 'expired':
      return { label: 'Expired', color: 'gray', variant: 'light', ...(key.expires_at ? { title: `Expired on ${formatDate(key.expires_at)}` } : {}) };
    case 'revoked':
      return { label: 'Revoked', color: 'gray', variant: 'outline', ...(key.revoked_at ? { title: `Revoked on ${formatDate(key.revoked_at)}` } : {}) };
    default: {
      const _exhaustive: never = key.status;
      return _exhaustive;
    }
  }
}

/** What the example calls send in place of a key. */
export const KEY_PLACEHOLDER = '<your API key>';

/** The example calls of the "How to call the API" panel, against this server. */
export function curlExamples(origin: string, key = KEY_PLACEHOLDER): { list: string; screen: string } {
  const url = `${origin}/api/v1/screenings`;
  return {
    list: `curl -s "${url}" \\\n  -H "X-API-Key: ${key}"`,
    screen: `curl -s -X POST "${url}" \\\n  -H "X-API-Key: ${key}" \\\n  -H "Content-Type: application/json" \\\n  -d '{"address":"<wallet address>"}'`,
  };
}
