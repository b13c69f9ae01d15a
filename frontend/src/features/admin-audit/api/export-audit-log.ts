import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http-client';
import { auditQuery, type AuditLogFilters } from './get-audit-log';

/** GET /api/admin/audit/export: the filtered events as JSON Lines, saved as a .jsonl file. */
export async function exportAuditLog(filters: AuditLogFilters): Promise<number> {
  const { blob } = await api.download('GET', '/admin/audit/export', { query: auditQuery(filters), accept: 'application/x-ndjson' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `walletscreen-audit-${new Date().toISOString().slice(0, 10)}.jsonl`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return blob.size;
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog });
}
