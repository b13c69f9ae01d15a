import { loginRequestSchema, registerRequestSchema } from './api';

describe('account request schemas', () => {
  it('normalizes the e-mail: trimmed and lower-cased', () => {
    expect(registerRequestSchema.parse({ email: '  Ana@Bank.EXAMPLE ', password: 'long enough pass', username: ' Bank ' })).toEqual({
      email: 'ana@bank.example',
      password: 'long enough pass',
      username: 'Bank',
    });
  });

  it('gives the spec messages for missing fields', () => {
    const r = registerRequestSchema.safeParse({ email: '   ', password: '', username: '' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ email: 'Email is required', password: 'Password is required', username: 'Company name is required' });
    const l = loginRequestSchema.safeParse({});
    expect(l.error!.issues.map((i) => i.message)).toEqual(['Email is required', 'Password is required']);
  });

  it('refuses e-mails that are malformed or longer than 254 characters', () => {
    for (const email of ['no-at-sign', 'a@b', `${'a'.repeat(250)}@x.io`]) {
      expect(loginRequestSchema.safeParse({ email, password: 'x' }).success).toBe(false);
    }
  });
});
