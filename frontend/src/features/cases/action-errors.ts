/**
 * Where a server's refusal of a case action is shown: a 400's per-field message under the input
 * it is about, anything else (a 409 four-eyes refusal, a closed case, a lost connection) as one
 * message beside the action.
 */
import { formFailure } from '../../lib/form-failure';

export interface ActionErrors {
  /** The message for each of the form's inputs that the server named. */
  fields: Partial<Record<string, string>>;
  /** The message shown beside the action, when it is not about one input. */
  form: string | null;
}

export function actionErrors(error: Error | null, fields: readonly string[]): ActionErrors {
  if (!error) return { fields: {}, form: null };
  const failure = formFailure<Record<string, string>>(error, (field) => (fields.includes(field) ? field : null));
  return { fields: failure.fields, form: failure.alert };
}
