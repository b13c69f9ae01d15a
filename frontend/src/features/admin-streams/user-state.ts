/**
 * A user stream's folded state as the server shows it (command-api's userView), read with the
 * contracts' schema into what the browser shows as a balance card; anything else is shown as JSON.
 */
import { userStreamStateSchema, type UserStreamState } from '@walletscreen/contracts';

export type UserStateView = { registered: false } | UserStreamState;

/** The user's state, or null when it is not one the balance card can show (then it is shown as JSON). */
export function readUserState(state: unknown): UserStateView | null {
  if (typeof state === 'object' && state !== null && (state as { registered?: unknown }).registered === false) return { registered: false };
  const parsed = userStreamStateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}
