import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconListSearch, IconShieldCheck } from '@tabler/icons-react';
import type { AuditEntry, ChainVerificationResponse } from '@walletscreen/contracts';
import { notifyDone, notifyFailure } from '../../../components/notify';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { ListFooter, PageNav } from '../../../components/list-kit/pagination';
import { QueryStates } from '../../../components/list-kit/query-states';
import { PageHeader } from '../../../components/page-header';
import { useExportAuditLog } from '../api/export-audit-log';
import { AUDIT_PAGE_SIZE, emptyAuditFilters, useAuditLog, type AuditLogFilters } from '../api/get-audit-log';
import { useAuditTypes } from '../api/get-audit-types';
import { useVerifyChain } from '../api/verify-chain';
import { AuditEventDrawer } from '../components/audit-event-drawer';
import { AuditFilters } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';
import { BalanceHistoryPanel } from '../components/balance-history-panel';
import { TreeHeadCard } from '../components/tree-head-card';
import { ErrorAlert } from '../../../components/error-alert';

function VerificationResult({ result }: { result: ChainVerificationResponse }) {
  if (result.ok) {
    return (
      <Alert color="teal" variant="light" role="status" icon={<IconShieldCheck size={18} aria-hidden="true" />} title="Chain intact">
        <Text size="sm" className="ws-tabular">
          {result.count.toLocaleString('en-US')} events verified; head hash <code style={{ wordBreak: 'break-all' }}>{result.head_hash}</code>
        </Text>
      </Alert>
    );
  }
  const p = result.problem!;
  return (
    <ErrorAlert title="The chain is broken">
      <Text size="sm">
        {p.kind} at position {p.position}
        {p.stream ? ` (stream ${p.stream}, ${p.type})` : ''}: {p.message}
      </Text>
    </ErrorAlert>
  );
}

/** /admin/audit: every recorded event, filtered on the server; a row opens its data and hash. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditLogFilters>(emptyAuditFilters);
  const [debounced] = useDebouncedValue(filters, 300);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<AuditEntry | null>(null);
  const [customer, setCustomer] = useState<string | null>(null);
  const log = useAuditLog(debounced, page);
  const types = useAuditTypes();
  const exporter = useExportAuditLog();
  const verifier = useVerifyChain();
  const rows = log.data?.items ?? [];
  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));

  const onFilters = (next: AuditLogFilters) => {
    setFilters(next);
    setPage(1);
  };
  const exportNow = () =>
    exporter.mutate(debounced, {
      onSuccess: () => notifyDone('The filtered events were saved as a JSON Lines file.', 'Export ready'),
      onError: notifyFailure('Export failed'),
    });

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every recorded event, with who it concerned, which admin acted and its hash in the store's chain."
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconShieldCheck size={16} aria-hidden="true" />}
              onClick={() => verifier.mutate()}
              loading={verifier.isPending}
            >
              Verify chain
            </Button>
            <Button leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={exportNow} loading={exporter.isPending}>
              Export JSONL
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        {verifier.data ? <VerificationResult result={verifier.data} /> : null}
        {verifier.isError ? (
          <Alert color="red" variant="light" role="alert" title="Could not verify the chain">
            {verifier.error.message}
          </Alert>
        ) : null}
        {customer ? <BalanceHistoryPanel userId={customer} onClose={() => setCustomer(null)} /> : null}
        <TreeHeadCard />
        <Paper p="md">
          <Stack gap="md">
            <AuditFilters value={filters} types={types.data?.types ?? []} onChange={onFilters} />
            <QueryStates
              query={log}
              loading="Loading events..."
              errorTitle="Could not load the audit log"
              isEmpty={() => rows.length === 0}
              empty={<EmptyState icon={IconListSearch} title="No events found" description="No recorded event matches these filters." />}
            >
              {() => (
                <>
                  <AuditTable entries={rows} onOpen={setOpened} onUser={setCustomer} />
                  <ListFooter summary={`${total.toLocaleString('en-US')} ${total === 1 ? 'event' : 'events'}`}>
                    <PageNav page={page} pages={pages} onChange={setPage} />
                  </ListFooter>
                </>
              )}
            </QueryStates>
          </Stack>
        </Paper>
      </Stack>
      <AuditEventDrawer entry={opened} onClose={() => setOpened(null)} />
    </>
  );
}
