/**
 * The case of a check, from the cases read model (projections/src/cases), as a check's details and
 * its PDF show it: shared by the checks, admin, PDF and cases features.
 */
import { checkCaseOf, type CaseSummary, type CheckCase } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';

/** Collection the cases projection writes. */
export const CASES = 'cases';

export type CaseDoc = CaseSummary & { check_id: string; risk_level: string; decision_kind: string; assignee_email: string };

/**
 * The case that speaks for a check: of the cases opened on it or on its alerts, the one decided
 * last; without a decision, the check's own case, else the one changed last. Null without a case.
 */
export async function findCheckCase(readStore: ReadStore, checkId: string): Promise<CheckCase | null> {
  const docs = await readStore.find<CaseDoc>(CASES, { where: { check_id: checkId }, sort: [{ field: 'updated_at', direction: 'desc' }], limit: 50 });
  if (docs.length === 0) return null;
  const decided = docs.filter((d) => d.decision).sort((a, b) => b.decision!.at.localeCompare(a.decision!.at));
  const chosen = decided[0] ?? docs.find((d) => d.subject.kind === 'check') ?? docs[0]!;
  return checkCaseOf(chosen);
}
