/**
 * The create-key form: what the user fills in, how it is checked before sending, what is sent, and
 * how a refusal from the server lands on the fields. Pure functions: the form calls them, the unit
 * tests read them.
 */
import { API_KEY_NAME_MAX, apiKeyMessages, apiKeyScopes, type ApiKeyScope, type CreateApiKeyRequest } from '@walletscreen/contracts';
import { formFailure, type FieldErrors, type FormFailure } from '../../lib/form-failure';

export interface ApiKeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
  /** The last day the key works, YYYY-MM-DD (UTC); null: it never expires. */
  expiresOn: string | null;
}

export type ApiKeyFormErrors = FieldErrors<ApiKeyFormValues>;

/** A new form: no name, every scope, no expiry. */
export const emptyApiKeyForm = (): ApiKeyFormValues => ({ name: '', scopes: [...apiKeyScopes], expiresOn: null });

export function validateApiKeyForm(values: ApiKeyFormValues): ApiKeyFormErrors {
  const errors: ApiKeyFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = apiKeyMessages.nameRequired;
  else if (name.length > API_KEY_NAME_MAX) errors.name = apiKeyMessages.nameTooLong;
  if (values.scopes.length === 0) errors.scopes = apiKeyMessages.scopesRequired;
  return errors;
}

/** The end of a day in UTC: a key set to expire on 31.12.2027 works through that whole day. */
export function endOfDayUtc(day: string): string {
  return `${day}T23:59:59Z`;
}

/** The request body: the trimmed name, the scopes in their usual order, the expiry or null. */
export function toCreateRequest(values: ApiKeyFormValues): CreateApiKeyRequest {
  return {
    name: values.name.trim(),
    scopes: apiKeyScopes.filter((scope) => values.scopes.includes(scope)),
    expires_at: values.expiresOn ? endOfDayUtc(values.expiresOn) : null,
  };
}

/** Today in UTC, YYYY-MM-DD: the earliest expiry the date picker offers. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Where each field of the server's `errors` belongs (`scopes.0` is a scope too). */
function formFieldOf(serverField: string): keyof ApiKeyFormValues | null {
  if (serverField === 'name') return 'name';
  if (serverField === 'scopes' || serverField.startsWith('scopes.')) return 'scopes';
  if (serverField === 'expires_at') return 'expiresOn';
  return null;
}

/** A refused create: field messages under their fields, anything else (too many keys, network) above the form. */
export const createFailure = (error: unknown): FormFailure<ApiKeyFormValues> => formFailure(error, formFieldOf);
