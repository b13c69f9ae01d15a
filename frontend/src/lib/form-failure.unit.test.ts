import fc from 'fast-check';
import { ApiError } from './api-client';
import { formFailure, namedFields, SOMETHING_WENT_WRONG } from './form-failure';

type Values = { email: string; password: string };
const onForm = namedFields<Values>(['email', 'password']);

describe('formFailure', () => {
  it('puts the messages of the fields the form has under them, the first for each', () => {
    const error = new ApiError(400, 'Invalid request', null, { email: 'Enter a valid e-mail', password: 'Too short', body: 'ignored' });
    expect(formFailure<Values>(error, onForm)).toEqual({ fields: { email: 'Enter a valid e-mail', password: 'Too short' }, alert: null });
    const twice = new ApiError(400, 'Invalid', null, { 'scopes.0': 'Unknown scope', scopes: 'Choose a scope' });
    expect(formFailure<{ scopes: string }>(twice, (f) => (f.startsWith('scopes') ? 'scopes' : null))).toEqual({
      fields: { scopes: 'Unknown scope' },
      alert: null,
    });
  });

  it("says the server's message above the form when no field of the form was named, and never a blank one", () => {
    expect(formFailure<Values>(new ApiError(409, 'Too many keys'), onForm)).toEqual({ fields: {}, alert: 'Too many keys' });
    expect(formFailure<Values>(new ApiError(400, 'Bad JSON', null, { body: 'Bad JSON' }), onForm)).toEqual({ fields: {}, alert: 'Bad JSON' });
    expect(formFailure<Values>(new ApiError(500, ''), onForm)).toEqual({ fields: {}, alert: SOMETHING_WENT_WRONG });
    expect(formFailure<Values>(new TypeError('Failed to fetch'), onForm)).toEqual({ fields: {}, alert: SOMETHING_WENT_WRONG });
  });

  it('names no field the form does not have, whatever the server sends (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), fc.string(), (errors, message) => {
        const failure = formFailure<Values>(new ApiError(400, message, null, errors), onForm);
        for (const field of Object.keys(failure.fields)) expect(['email', 'password']).toContain(field);
        // Something is always said: under a field or above the form.
        expect(Object.values(failure.fields).some(Boolean) || Boolean(failure.alert)).toBe(true);
      }),
    );
  });
});
