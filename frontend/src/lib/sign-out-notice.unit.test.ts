import { clearSignOutNotice, noteSignOut, readSignOutNotice, SIGN_OUT_NOTICE_KEY, SIGN_OUT_NOTICE_MAX_AGE_MS } from './sign-out-notice';
import type { SessionStorage } from './session';

class MemoryStorage implements SessionStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const NOW = Date.UTC(2026, 10, 24, 19, 0);
const BLOCKED = 'This account is blocked. Contact support.';

describe('the sign-out notice', () => {
  it('is read back until it is cleared', () => {
    const storage = new MemoryStorage();
    expect(readSignOutNotice(storage, NOW)).toBeNull();
    noteSignOut(storage, BLOCKED, NOW);
    expect(readSignOutNotice(storage, NOW + 5_000)).toBe(BLOCKED);
    clearSignOutNotice(storage);
    expect(readSignOutNotice(storage, NOW + 5_000)).toBeNull();
  });

  it('is not shown once it is older than an hour', () => {
    const storage = new MemoryStorage();
    noteSignOut(storage, BLOCKED, NOW);
    expect(readSignOutNotice(storage, NOW + SIGN_OUT_NOTICE_MAX_AGE_MS)).toBe(BLOCKED);
    expect(readSignOutNotice(storage, NOW + SIGN_OUT_NOTICE_MAX_AGE_MS + 1)).toBeNull();
  });

  it('ignores whatever else is stored under its key', () => {
    const storage = new MemoryStorage();
    for (const raw of ['not json', '{}', '{"message":"","at":1}', '{"message":"x","at":"yesterday"}', 'null']) {
      storage.setItem(SIGN_OUT_NOTICE_KEY, raw);
      expect(readSignOutNotice(storage, NOW)).toBeNull();
    }
  });
});
