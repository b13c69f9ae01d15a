/**
 * The case of a check, from the cases read model (projections/src/cases), as a check's details and
 * its PDF show it: shared by the checks, admin and PDF features.
 */
import { checkCaseOf, type CheckCase } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { findCasesOfCheck } from '@walletscreen/projections/cases/queries';

/**
 * The case that speaks for a check: of the cases opened on it or on its alerts, the one decided
 * last; without a decision, the check's own case, else the one changed last. Null without a case.
 */
export async function findCheckCase(readStore: ReadStore, checkId: string): Promise<CheckCase | null> {
  const docs = await findCasesOfCheck(readStore, checkId);
  if (docs.length === 0) return null;
  const decided = docs.filter((d) => d.decision).sort((a, b) => b.decision!.at.localeCompare(a.decision!.at));
  const chosen = decided[0] ?? docs.find((d) => d.subject.kind === 'check') ?? docs[0]!;
  return checkCaseOf(chosen);
}
