import { useMemo } from 'react';
import { readSession, signedInArea, type SignedInArea } from '../../lib/session';

/** The visitor's signed-in area, read once per page view: Check Wallet and the header follow it. */
export function useSignedInArea(): SignedInArea | null {
  return useMemo(() => signedInArea(readSession(window.localStorage), Date.now()), []);
}

/** Where Check Wallet goes: straight to the checker for a signed-in user, else sign-in (spec: /auth). */
export function useCheckWalletPath(): string {
  return useSignedInArea()?.checkWallet ?? '/auth';
}
