import type { ReactNode } from 'react';
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Progress, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { IconFileTypeCsv, IconFileZip } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { batchDownloadName, batchRowStatuses, shownRiskScore, type Batch, type BatchRowResult, type BatchRowStatus } from '@walletscreen/contracts';
import { notifyFailure } from '../../../components/notify';
import { formatDate } from '../../../lib/format-date';
import { CopyAddress } from '../../../components/copy-address';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { PageNav } from '../../../components/list-kit/pagination';
import { QueryStates } from '../../../components/list-kit/query-states';
import { AmlStatusBadge, RiskBadge } from '../../../components/risk-badge';
import { BATCH_ROWS_PAGE, downloadBatchFile, useBatchRows } from '../api/batches';
import { batchOutcome, batchProgress, batchStatusBadge, rowStatusColors, rowStatusLabels } from '../batch-display';

function Downloads({ batch }: { batch: Batch }) {
  const download = useMutation({
    mutationFn: (which: 'csv' | 'zip') =>
      which === 'csv'
        ? downloadBatchFile(batch.links.results_csv, batchDownloadName(batch.file_name, batch.id, '-results.csv'), 'text/csv')
        : downloadBatchFile(batch.links.reports_zip, batchDownloadName(batch.file_name, batch.id, '-reports.zip'), 'application/zip'),
    onError: notifyFailure('Could not download'),
  });
  const pending = (which: 'csv' | 'zip') => download.isPending && download.variables === which;
  return (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />}
        loading={pending('csv')}
        onClick={() => download.mutate('csv')}
        data-testid="batch-download-csv"
      >
        Results CSV
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileZip size={16} aria-hidden="true" />}
        loading={pending('zip')}
        disabled={batch.completed === 0}
        title={batch.completed === 0 ? 'No wallet has a report yet' : undefined}
        onClick={() => download.mutate('zip')}
        data-testid="batch-download-zip"
      >
        PDF reports (ZIP)
      </Button>
    </Group>
  );
}

function RowsTable({ rows }: { rows: BatchRowResult[] }) {
  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table striped verticalSpacing="xs" aria-label="Batch results" data-testid="batch-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Line</Table.Th>
            <Table.Th scope="col">Wallet</Table.Th>
            <Table.Th scope="col">Reference</Table.Th>
            <Table.Th scope="col" miw={150}>
              Status
            </Table.Th>
            <Table.Th scope="col">Risk</Table.Th>
            <Table.Th scope="col" ta="right">
              Score
            </Table.Th>
            <Table.Th scope="col">AML status</Table.Th>
            <Table.Th scope="col" miw={180}>
              Findings
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Report</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const score = shownRiskScore(row.risk_level, row.risk_score);
            const finding = [...row.sanctions_hits, ...row.top_factors.slice(0, 1)].join(' · ');
            return (
              <Table.Tr key={row.line} data-testid="batch-row" data-status={row.status}>
                <Table.Td className="ws-tabular">{row.line}</Table.Td>
                <Table.Td>
                  <CopyAddress address={row.address} shorten />
                  <Text size="xs" c="dimmed" tt="capitalize">
                    {row.network}
                  </Text>
                </Table.Td>
                <Table.Td maw={180}>
                  <Text size="sm" truncate="end" title={row.reference ?? undefined} c={row.reference ? undefined : 'dimmed'}>
                    {row.reference ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Badge color={rowStatusColors[row.status]} variant="light" tt="none" style={{ overflow: 'visible' }}>
                      {rowStatusLabels[row.status]}
                    </Badge>
                    {row.same_as_line !== null ? (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        Same wallet as line {row.same_as_line}
                      </Text>
                    ) : null}
                    {row.error ? (
                      <Text size="xs" c="dimmed" maw={220}>
                        {row.error}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>{row.status === 'completed' ? <RiskBadge value={row.risk_level} /> : null}</Table.Td>
                <Table.Td ta="right" className="ws-tabular">
                  {row.status === 'completed' && score !== null ? score : '—'}
                </Table.Td>
                <Table.Td>{row.status === 'completed' ? <AmlStatusBadge value={row.aml_status} wrap /> : null}</Table.Td>
                <Table.Td maw={360}>
                  <Text size="sm" lineClamp={3} title={finding || undefined} c={finding ? undefined : 'dimmed'}>
                    {finding || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {row.status === 'completed' && row.check_id ? (
                    <Anchor
                      component={Link}
                      to={`/dashboard/history?check=${row.check_id}`}
                      size="sm"
                      style={{ whiteSpace: 'nowrap' }}
                      aria-label={`Open the report of line ${row.line}`}
                    >
                      Report
                    </Anchor>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const statusOptions = [{ value: 'all', label: 'All rows' }, ...batchRowStatuses.map((s) => ({ value: s, label: rowStatusLabels[s] }))];

/** One batch: its progress, downloads, and its rows a page at a time, filtered by status on the server. */
export function BatchDetail({ batch, actions }: { batch: Batch; actions?: ReactNode }) {
  const [status, setStatus] = useState<BatchRowStatus | null>(null);
  const [page, setPage] = useState(0);
  const rows = useBatchRows(batch.id, status, page);
  const progress = batchProgress(batch);
  const badge = batchStatusBadge(batch);
  const pages = rows.data ? Math.max(1, Math.ceil(rows.data.total / BATCH_ROWS_PAGE)) : 1;

  return (
    <Paper p="md" data-testid="batch-detail" data-batch-id={batch.id} data-status={batch.status}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={3} size="h4">
                {batch.file_name ?? `Batch ${batch.id.slice(0, 8)}`}
              </Title>
              <Badge color={badge.color} variant="light" tt="none" data-testid="batch-status">
                {badge.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" className="ws-tabular">
              {formatDate(batch.created_at)} · {batch.rows.toLocaleString('en-US')} rows · {batch.source === 'api' ? 'via the API' : 'uploaded here'}
            </Text>
          </Stack>
          <Group gap="sm">
            {actions}
            <Downloads batch={batch} />
          </Group>
        </Group>
        <Stack gap={6}>
          <Progress value={progress.percent} animated={batch.status === 'running'} aria-label={`${progress.percent}% of the batch screened`} />
          <Group justify="space-between">
            <Text size="sm" className="ws-tabular" data-testid="batch-progress">
              {progress.text}
            </Text>
            <Text size="sm" c="dimmed" className="ws-tabular" data-testid="batch-outcome">
              {batchOutcome(batch)}
            </Text>
          </Group>
        </Stack>
        <Group justify="space-between">
          <Select
            aria-label="Show rows"
            data={statusOptions}
            value={status ?? 'all'}
            onChange={(v) => {
              setStatus(v === null || v === 'all' ? null : (v as BatchRowStatus));
              setPage(0);
            }}
            allowDeselect={false}
            w={200}
            data-testid="batch-row-filter"
          />
          {rows.data ? (
            <Text size="sm" c="dimmed" className="ws-tabular">
              {rows.data.total.toLocaleString('en-US')} {rows.data.total === 1 ? 'row' : 'rows'}
            </Text>
          ) : null}
        </Group>
        <QueryStates
          query={rows}
          loading="Loading the rows..."
          errorTitle="Could not load the rows"
          isEmpty={(page) => page.items.length === 0}
          empty={<EmptyState title="No rows with this status." compact />}
          py="lg"
        >
          {(page) => <RowsTable rows={page.items} />}
        </QueryStates>
        {pages > 1 ? (
          <Group justify="center">
            <PageNav page={page + 1} pages={pages} onChange={(p) => setPage(p - 1)} />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
