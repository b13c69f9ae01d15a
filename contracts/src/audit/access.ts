/**
 * What an auditor read: every call of theirs to a route that shows customers' data (the admin
 * area's reads) is recorded before it is answered, on the auditor's own access stream, so the
 * audit log shows who looked at what and when.
 */
export const auditorAccessStreamPrefix = 'auditor-access-';
export const auditorAccessStreamId = (auditorId: string) => `${auditorAccessStreamPrefix}${auditorId}`;

export interface AuditorViewedData {
  /** The auditor, as the audit log names the one who acted. */
  by: { userId: string; email: string; role: 'auditor' };
  method: string;
  /** The path and query asked for, as received. */
  path: string;
  /** The route's parameters (the customer, check or stream looked at). */
  params: Record<string, string>;
  at: string;
}

export type AuditorAccessEvent = { type: 'AuditorViewedData'; data: AuditorViewedData };
