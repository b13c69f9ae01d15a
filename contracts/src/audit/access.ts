/**
 * What an auditor read: every call of theirs to a route that shows customers' data (the admin
 * area's reads) is recorded before it is answered, on the auditor's own access stream, so the
 * audit log shows who looked at what and when (the event, `AuditorViewedData`, is the domain's:
 * domain/src/auditor-access).
 */
export const auditorAccessStreamPrefix = 'auditor-access-';
export const auditorAccessStreamId = (auditorId: string) => `${auditorAccessStreamPrefix}${auditorId}`;
