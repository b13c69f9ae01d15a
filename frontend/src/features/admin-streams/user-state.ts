/**
 * A user stream's folded state as the server shows it (command-api's userView): read into what the
 * browser shows as a balance card; anything else is shown as JSON.
 */
import { z } from 'zod';

const registeredUserSchema = z.object({
  registered: z.literal(true),
  user_id: z.string(),
  email: z.string(),
  username: z.string().nullish(),
  role: z.string(),
  blocked: z.boolean(),
  bonus_checks: z.number(),
  purchased_checks: z.number(),
  remaining_checks: z.number(),
  registered_at: z.string().nullish(),
});

export type UserStateView = { registered: false } | z.infer<typeof registeredUserSchema>;

/** The user's state, or null when it is not one the balance card can show (then it is shown as JSON). */
export function readUserState(state: unknown): UserStateView | null {
  if (typeof state === 'object' && state !== null && (state as { registered?: unknown }).registered === false) return { registered: false };
  const parsed = registeredUserSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}
