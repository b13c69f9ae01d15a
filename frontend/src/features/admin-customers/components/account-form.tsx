import { PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { USERNAME_MAX } from '@walletscreen/contracts';
import { formFailure, namedFields } from '../../../lib/form-failure';
import { useRefusableForm } from '../../../lib/use-refusable-form';
import { ErrorAlert } from '../../../components/error-alert';

/** An account an admin creates for someone else (an admin, an auditor): its e-mail, name and first password. */
export interface AccountFormValues {
  email: string;
  username: string;
  password: string;
}

const empty: AccountFormValues = { email: '', username: '', password: '' };
type AccountFormErrors = Partial<Record<keyof AccountFormValues, string>>;
/** A request schema of the contracts (zod), as far as the form reads it. */
interface RequestSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** The request's own rules, field by field, so the form says what the server would. */
function fieldErrors(schema: RequestSchema, values: unknown): AccountFormErrors {
  const parsed = schema.safeParse(values);
  if (parsed.success || !parsed.error) return {};
  const errors: AccountFormErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof AccountFormValues] ??= issue.message;
  return errors;
}

/**
 * The form of an account an admin creates, checked by the request schema `schemaFor` gives for its
 * values; `failed` shows a refusal (on its fields when the server named them, else as an alert).
 */
export function useAccountForm(schemaFor: (values: AccountFormValues) => { schema: RequestSchema; request: unknown }) {
  const { refused: failed, ...rest } = useRefusableForm<AccountFormValues>(
    {
      initialValues: empty,
      validate: (values) => {
        const { schema, request } = schemaFor(values);
        return fieldErrors(schema, request);
      },
    },
    (error) => formFailure<AccountFormValues>(error, namedFields<AccountFormValues>(['email', 'username', 'password'])),
  );
  return { ...rest, failed };
}

/** The alert of a refusal, then the account's fields (name and first password only for a new account). */
export function AccountFields(props: { form: UseFormReturnType<AccountFormValues>; alert: string | null; newAccount: boolean; passwordDescription?: string }) {
  const { form } = props;
  return (
    <>
      <ErrorAlert>{props.alert}</ErrorAlert>
      <TextInput label="E-mail" type="email" withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('email')} />
      {props.newAccount ? (
        <>
          <TextInput label="Name" withAsterisk maxLength={USERNAME_MAX} autoComplete="off" {...form.getInputProps('username')} />
          <PasswordInput
            label="First password"
            description={props.passwordDescription}
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
        </>
      ) : null}
    </>
  );
}
