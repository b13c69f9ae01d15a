/**
 * Where a refused request lands on a form: the server's messages for the fields it named under
 * those fields, anything else as one message above the form. One home for every form that sends a
 * request (sign-in, registration, change password, API keys, webhooks, accounts an admin adds).
 */
import { ApiError } from './api-client';

export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** Messages under a form's fields, by field. */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** What a failed request shows: messages under fields and/or one message for the form. */
export interface FormFailure<T> {
  fields: FieldErrors<T>;
  /** A message for the form as a whole (too many attempts, network, anything not about one field). */
  alert: string | null;
}

/** The server's field names a form shows as they are (`scopes.0` is not `scopes`: map it). */
export const namedFields =
  <T>(fields: readonly (keyof T & string)[]) =>
  (serverField: string): (keyof T & string) | null =>
    (fields as readonly string[]).includes(serverField) ? (serverField as keyof T & string) : null;

/**
 * A refusal on a form: the messages of the server's fields that `fieldOf` places on the form's
 * fields (the first for each), or, when it placed none, the server's message above the form;
 * anything that is no answer of the server, "Something went wrong".
 */
export function formFailure<T>(error: unknown, fieldOf: (serverField: string) => (keyof T & string) | null | undefined): FormFailure<T> {
  if (!(error instanceof ApiError)) return { fields: {}, alert: SOMETHING_WENT_WRONG };
  const fields: FieldErrors<T> = {};
  for (const [serverField, message] of Object.entries(error.fieldErrors)) {
    const field = fieldOf(serverField);
    if (field && message && !fields[field]) fields[field] = message;
  }
  if (Object.keys(fields).length > 0) return { fields, alert: null };
  return { fields: {}, alert: error.message || SOMETHING_WENT_WRONG };
}
