import { Button } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { notifyFailure } from '../../../components/notify';
import { saveFile } from '../../../lib/download-aml-report';
import { api } from '../../../lib/http-client';
import { filterParams, type HistoryFilters } from '../history-filters';

/** The file a History export is saved as: walletscreen-<what>-<day>.csv. */
export function exportFileName(what: string, now = new Date()): string {
  return `walletscreen-${what}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The History export's query: the list's filters (the e-mail too for the admins' export), without its paging. */
export function exportQuery(filters: HistoryFilters, { email = false }: { email?: boolean } = {}): Record<string, string | undefined> {
  return filterParams(filters, { email });
}

/**
 * "Export CSV": every check that matches the filters in force (not only the loaded pages), as the
 * server streams it. A failure says why; the list stays as it is.
 */
export function ExportHistoryButton({ path, query, fileName }: { path: string; query: Record<string, string | undefined>; fileName: string }) {
  const exportCsv = useMutation({
    mutationFn: async () => {
      const { blob } = await api.download('GET', path, { query, accept: 'text/csv' });
      saveFile(blob, fileName);
    },
    onError: notifyFailure('Could not export the history'),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />}
      loading={exportCsv.isPending}
      onClick={() => exportCsv.mutate()}
      data-testid="history-export"
    >
      Export CSV
    </Button>
  );
}
