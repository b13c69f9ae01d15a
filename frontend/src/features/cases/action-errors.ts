/**
 * Where a server's refusal of a case action is shown: a 400's per-field message under the input
 * it is about, anything else (a 409 four-eyes refusal, a closed case, a lost connection) as one
 * message beside the action.
 */
import { ApiError } from '../../lib/api-client';

export interface ActionErrors {
  /** The message for each of the form's inputs that the server named. */
  fields: Record<string, string>;
  /** The message shown beside the action, when it is not about one input. */
  form: string | null;
}

export function actionErrors(error: Error | null, fields: readonly string[]): ActionErrors {
  if (!error) return { fields: {}, form: null };
  if (error instanceof ApiError) {
    const named = Object.fromEntries(Object.entries(error.fieldErrors).filter(([field]) => fields.includes(field)));
    if (Object.keys(named).length > 0) return { fields: named, form: null };
  }
  return { fields: {}, form: error.message || 'Something went wrong. Please try again.' };
}
