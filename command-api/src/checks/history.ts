/** The History queries live in shared/, for the admin's view of every user's checks too. */
export { findCheck, findHistory, findRunningChecks, historyDetail, historyItem, historyQuerySchema, runningCheckIds, type CheckDoc, type HistoryQuery } from '../shared/check-history';
