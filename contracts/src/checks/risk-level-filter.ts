/**
 * The risk-level filter of the queries that take one (History, the admin wallets, cases). Kept out
 * of risk-label.ts, which every screen loads: the filter brings zod, which the landing page does not.
 */
import { z } from 'zod';
import { anyCaseChoice } from '../common/text';
import { riskLevelLabels } from './risk-label';

/**
 * A query's risk-level filter: one of the labels or `all`, in any case, with spaces around it (the
 * document's pattern says as much). Read as the label; absent, empty or `all` is every level.
 */
export const riskLevelFilter = () =>
  z
    .string()
    .regex(anyCaseChoice(['all', ...riskLevelLabels]), { error: `risk_level must be one of: ${riskLevelLabels.join(', ')}` })
    .trim()
    .transform((v) => (v ? riskLevelLabels.find((l) => l.toLowerCase() === v.toLowerCase()) : undefined))
    .optional();
