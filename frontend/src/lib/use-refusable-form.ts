import { useState } from 'react';
import { useForm, type UseFormInput } from '@mantine/form';
import type { FormFailure } from './form-failure';

/**
 * A form whose request the server can refuse: Mantine's form (controlled), the message shown above
 * it, and `refused`, which puts a refusal where `failure` says (under its fields, or above the form).
 * `reset` empties the form and its message.
 */
export function useRefusableForm<Values extends object>(input: UseFormInput<Values>, failure: (error: unknown) => FormFailure<Values>) {
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({ mode: 'controlled', ...input });
  const refused = (error: unknown) => {
    const { fields, alert } = failure(error);
    form.setErrors(fields);
    setAlert(alert);
  };
  const reset = () => {
    form.reset();
    setAlert(null);
  };
  return { form, alert, setAlert, refused, reset };
}
