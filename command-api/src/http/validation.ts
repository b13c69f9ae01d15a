import type { z } from 'zod';
import { Invalid } from '@walletscreen/domain/errors';

/** Parses input with a zod schema; invalid input becomes a 400 with one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'body';
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? 'Invalid request';
  throw new Invalid(Object.keys(fields).length === 1 ? first : 'Some fields are invalid', fields);
}
