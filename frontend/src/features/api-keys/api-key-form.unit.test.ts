import { apiKeyMessages } from '@walletscreen/contracts';
import { ApiError } from '../../lib/api-client';
import { createFailure, emptyApiKeyForm, endOfDayUtc, toCreateRequest, todayUtc, validateApiKeyForm } from './api-key-form';

describe('the create-key form', () => {
  it('starts with no name, every scope ticked and no expiry', () => {
    expect(emptyApiKeyForm()).toEqual({ name: '', scopes: ['screen', 'read', 'monitor'], expiresOn: null });
  });

  it('asks for a name and at least one scope', () => {
    expect(validateApiKeyForm({ name: '   ', scopes: [], expiresOn: null })).toEqual({
      name: apiKeyMessages.nameRequired,
      scopes: apiKeyMessages.scopesRequired,
    });
    expect(validateApiKeyForm({ name: 'x'.repeat(101), scopes: ['read'], expiresOn: null })).toEqual({ name: apiKeyMessages.nameTooLong });
    expect(validateApiKeyForm({ name: 'Deposits', scopes: ['read'], expiresOn: null })).toEqual({});
  });

  it('sends the trimmed name, the scopes in their usual order and the end of the chosen day in UTC', () => {
    expect(toCreateRequest({ name: '  Deposits  ', scopes: ['monitor', 'screen'], expiresOn: '2027-12-31' })).toEqual({
      name: 'Deposits',
      scopes: ['screen', 'monitor'],
      expires_at: '2027-12-31T23:59:59Z',
    });
    expect(toCreateRequest({ name: 'Forever', scopes: ['read'], expiresOn: null }).expires_at).toBeNull();
    expect(new Date(endOfDayUtc('2027-02-28')).toISOString()).toBe('2027-02-28T23:59:59.000Z');
  });

  it('offers expiry from today in UTC', () => {
    expect(todayUtc(new Date('2026-03-01T23:30:00-05:00'))).toBe('2026-03-02');
  });

  it('puts the server’s field messages under their fields', () => {
    const error = new ApiError(400, 'Invalid request', null, {
      name: 'Give the key a name',
      'scopes.1': apiKeyMessages.scopeUnknown,
      expires_at: apiKeyMessages.expiryPast,
    });
    expect(createFailure(error)).toEqual({
      fields: { name: 'Give the key a name', scopes: apiKeyMessages.scopeUnknown, expiresOn: apiKeyMessages.expiryPast },
      alert: null,
    });
  });

  it('shows anything else above the form: too many keys, a network failure', () => {
    expect(createFailure(new ApiError(409, apiKeyMessages.tooMany))).toEqual({ fields: {}, alert: apiKeyMessages.tooMany });
    expect(createFailure(new ApiError(400, 'Bad JSON', null, { body: 'Bad JSON' }))).toEqual({ fields: {}, alert: 'Bad JSON' });
    expect(createFailure(new TypeError('boom')).alert).toBe('Something went wrong. Please try again.');
  });
});
