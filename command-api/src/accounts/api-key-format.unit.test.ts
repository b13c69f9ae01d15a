import fc from 'fast-check';
import { hashApiKey, keyMatches, newApiKey, readApiKey } from './api-key-format';

describe('the key text', () => {
  it('names the user and key it was made for, and matches only its own hash', () =>
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        const made = newApiKey(uuid);
        expect(readApiKey(made.key)).toEqual({ keyId: made.keyId, userId: uuid });
        expect(made.key.startsWith(`${made.prefix}_`)).toBe(true);
        expect(made.keyHash).toBe(hashApiKey(made.key));
        expect(keyMatches(made.key, made.keyHash)).toBe(true);
        expect(keyMatches(`${made.key.slice(0, -1)}${made.key.endsWith('A') ? 'B' : 'A'}`, made.keyHash)).toBe(false);
      }),
    ));
  it('reads nothing from text that is not a key', () =>
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (text) => {
        fc.pre(!/^wsk_[0-9a-f]{12}_[A-Za-z0-9_-]{54}$/.test(text));
        expect(readApiKey(text)).toBeNull();
      }),
    ));
});
