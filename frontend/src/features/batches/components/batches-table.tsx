import { Badge, Button, Progress, Table, Text, VisuallyHidden } from '@mantine/core';
import { type Batch } from '@walletscreen/contracts';
import { formatDate } from '../../../lib/format-date';
import { batchProgress, batchStatusBadge } from '../batch-display';

/** The user's batches, newest first: file, date, rows, wallets, progress, status; Open shows one. */
export function BatchesTable({ batches, selected, onOpen }: { batches: Batch[]; selected: string | null; onOpen: (id: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Your batches" data-testid="batches-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">File</Table.Th>
            <Table.Th scope="col">Submitted</Table.Th>
            <Table.Th scope="col" ta="right">
              Rows
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Wallets
            </Table.Th>
            <Table.Th scope="col" w={220}>
              Progress
            </Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((batch) => {
            const progress = batchProgress(batch);
            const badge = batchStatusBadge(batch);
            const current = batch.id === selected;
            return (
              <Table.Tr key={batch.id} data-testid="batch-list-row" data-batch-id={batch.id} bg={current ? 'var(--mantine-primary-color-light)' : undefined}>
                <Table.Td maw={280}>
                  <Text size="sm" fw={500} truncate="end" title={batch.file_name ?? undefined}>
                    {batch.file_name ?? `Batch ${batch.id.slice(0, 8)}`}
                  </Text>
                  {batch.source === 'api' ? (
                    <Text size="xs" c="dimmed">
                      via the API
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td className="ws-tabular">{formatDate(batch.created_at)}</Table.Td>
                <Table.Td ta="right" className="ws-tabular">
                  {batch.rows.toLocaleString('en-US')}
                </Table.Td>
                <Table.Td ta="right" className="ws-tabular">
                  {batch.wallets.toLocaleString('en-US')}
                </Table.Td>
                <Table.Td>
                  <Progress value={progress.percent} size="sm" aria-label={progress.text} />
                  <Text size="xs" c="dimmed" className="ws-tabular">
                    {progress.text}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={badge.color} variant="light" tt="none">
                    {badge.label}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  <Button size="xs" variant={current ? 'light' : 'default'} onClick={() => onOpen(batch.id)} aria-current={current ? 'true' : undefined}>
                    {current ? 'Shown' : 'Open'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
