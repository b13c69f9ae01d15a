/**
 * Account figures the browser shows or enforces, in a module of their own with no schema: a page
 * that only needs a number (the landing page's welcome bonus, the session length) then does not
 * bring zod and the accounts schemas into its bundle. accounts/api.ts re-exports them.
 */

/** Session length for users and admins (spec §9). */
export const SESSION_MINUTES = 100;
/** New users get this many bonus premium checks (spec §1, §9). */
export const WELCOME_BONUS_CHECKS = 20;
