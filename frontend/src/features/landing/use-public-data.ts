/**
 * What the landing page reads from the server's public calls: the plans on offer (the price it
 * advertises) and the contact address (GET /api/config, the server's CONTACT_EMAIL). Read with a
 * plain fetch and checked by hand, because the landing page loads neither the query cache nor zod
 * (docs/benchmarks.md, "web"); until an answer is read, or if it cannot be, nothing is claimed.
 */
import { useEffect, useState } from 'react';
import type { Plan } from '@walletscreen/contracts';

type PlanPrice = Pick<Plan, 'price' | 'checks' | 'currency'>;

function usePublicJson<T>(path: string, read: (body: unknown) => T | undefined): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    const controller = new AbortController();
    fetch(path, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<unknown>) : undefined))
      .then((body) => {
        const found = body === undefined ? undefined : read(body);
        if (found !== undefined) setValue(found);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [path, read]);
  return value;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/** The plans' prices as GET /api/billing/get-plans answers them; undefined when the answer is not a list of plans. */
export function readPlanPrices(body: unknown): PlanPrice[] | undefined {
  if (!Array.isArray(body)) return undefined;
  const plans: PlanPrice[] = [];
  for (const p of body) {
    if (!isRecord(p) || typeof p.price !== 'number' || typeof p.checks !== 'number' || typeof p.currency !== 'string') return undefined;
    plans.push({ price: p.price, checks: p.checks, currency: p.currency });
  }
  return plans;
}

/** `contact_email` of GET /api/config; undefined when absent or not an address. */
export function readContactEmail(body: unknown): string | undefined {
  const value = isRecord(body) ? body.contact_email : undefined;
  return typeof value === 'string' && value.includes('@') ? value : undefined;
}

export const usePlanPrices = (): PlanPrice[] | undefined => usePublicJson('/api/billing/get-plans', readPlanPrices);
export const useContactEmail = (): string | undefined => usePublicJson('/api/config', readContactEmail);
