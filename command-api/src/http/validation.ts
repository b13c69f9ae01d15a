import type { z } from 'zod';
import { Invalid } from '@walletscreen/domain/errors';

type Issue = z.core.$ZodIssue;

/**
 * A union's refusal as the branch the input was meant for: the one branch whose refusals are all
 * of a value's content (a limit, a pattern, a value out of range), none of its type or a missing
 * field. `{ items: [10,001 wallets] }` is refused for its number of wallets, not as "Invalid
 * input" because it is no single wallet either. Several branches, or none, so fitting: the union's
 * own message.
 */
function branchIssues(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const fitting = issue.errors.filter((branch) => branch.length > 0 && branch.every((i) => i.code !== 'invalid_type' && i.code !== 'invalid_union'));
  if (fitting.length !== 1) return [issue];
  return fitting[0]!.flatMap((i) => branchIssues({ ...i, path: [...issue.path, ...i.path] }));
}

/** Parses input with a zod schema; invalid input becomes a 400 with one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues.flatMap(branchIssues)) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'body';
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? 'Invalid request';
  throw new Invalid(Object.keys(fields).length === 1 ? first : 'Some fields are invalid', fields);
}
