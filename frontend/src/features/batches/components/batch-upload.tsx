import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCopyCheck, IconDownload, IconFileTypeCsv, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Batch, BatchLineError, BatchPreview } from '@walletscreen/contracts';
import { ApiError } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download-aml-report';
import { previewBatch, useSubmitBatch } from '../api/batches';
import { FORMAT_HINT, previewView, TEMPLATE_CSV } from '../batch-display';
import { ErrorAlert } from '../../../components/error-alert';

/** The line errors of a refused file, as the server lists them (the first ones), and how many there are. */
export function lineErrorsOf(error: unknown): { lines: BatchLineError[]; total: number } | null {
  if (!(error instanceof ApiError) || error.body === null || typeof error.body !== 'object') return null;
  const body = error.body as { lines?: unknown; line_errors?: unknown };
  if (!Array.isArray(body.lines)) return null;
  const lines = body.lines.filter((l): l is BatchLineError => typeof l === 'object' && l !== null && typeof (l as BatchLineError).line === 'number');
  return { lines, total: typeof body.line_errors === 'number' ? body.line_errors : lines.length };
}

function LineErrors({ error, onSkip }: { error: Error; onSkip?: () => void }) {
  const found = lineErrorsOf(error);
  return (
    <ErrorAlert title="The file cannot be screened">
      <Stack gap="xs">
        <Text size="sm" data-testid="batch-file-error">
          {error.message}
        </Text>
        {found && found.lines.length > 0 ? (
          <Table.ScrollContainer minWidth={480} mah={320}>
            <Table verticalSpacing={4} aria-label="Errors by line" data-testid="batch-line-errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={80}>
                    Line
                  </Table.Th>
                  <Table.Th scope="col">Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {found.lines.map((l) => (
                  <Table.Tr key={`${l.line}:${l.message}`}>
                    <Table.Td className="ws-tabular">{l.line}</Table.Td>
                    <Table.Td>{l.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {found && found.total > found.lines.length ? (
          <Text size="sm" c="dimmed">
            The first {found.lines.length} of {found.total} lines with errors are shown. Fix them and choose the file again.
          </Text>
        ) : null}
        {onSkip && found && found.lines.some((l) => l.line > 0) ? (
          <Group>
            <Button size="xs" variant="default" onClick={onSkip} data-testid="batch-skip-invalid">
              Screen the other rows, leaving these out
            </Button>
          </Group>
        ) : null}
      </Stack>
    </ErrorAlert>
  );
}

function Preview({ preview, file, skipInvalid, onScreened }: { preview: BatchPreview; file: File; skipInvalid: boolean; onScreened: (batch: Batch) => void }) {
  const view = previewView(preview);
  const submit = useSubmitBatch();
  // A new key for "screen again", made once per preview so a double click sends the same one.
  const [againKey] = useState(() => crypto.randomUUID());
  const start = (again: boolean) =>
    submit.mutate({ file, ...(skipInvalid ? { skipInvalid } : {}), ...(again ? { idempotencyKey: againKey } : {}) }, { onSuccess: onScreened });

  return (
    <Stack gap="sm" data-testid="batch-preview">
      <Text fw={600}>{preview.file_name ?? file.name}</Text>
      <Text size="sm" className="ws-tabular" data-testid="batch-preview-summary">
        {view.summary}
      </Text>
      <Text size="sm" c="dimmed" data-testid="batch-preview-cost">
        {view.cost}
      </Text>
      {preview.invalid_rows.length > 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Rows left out" data-testid="batch-left-out">
          <Text size="sm">
            {preview.invalid_rows.length === 1
              ? '1 row cannot be screened and is left out'
              : `${preview.invalid_rows.length} rows cannot be screened and are left out`}{' '}
            (listed with the batch, not charged):
          </Text>
          <Text size="sm" component="ul" mt={4} mb={0}>
            {preview.invalid_rows.slice(0, 10).map((r) => (
              <li key={r.line}>
                Line {r.line}
                {r.address ? ` (${r.address})` : ''}: {r.message}
              </li>
            ))}
          </Text>
          {preview.invalid_rows.length > 10 ? (
            <Text size="sm" c="dimmed">
              and {preview.invalid_rows.length - 10} more.
            </Text>
          ) : null}
        </Alert>
      ) : null}
      {view.shortfall ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          <Text size="sm">
            {view.shortfall}{' '}
            <Anchor component={Link} to="/dashboard/top-up" size="sm">
              Buy checks
            </Anchor>
          </Text>
        </Alert>
      ) : null}
      {submit.isError ? <ErrorAlert>{submit.error.message}</ErrorAlert> : null}
      <Group gap="sm">
        {view.alreadyScreened ? (
          <>
            <Button
              leftSection={<IconCopyCheck size={16} aria-hidden="true" />}
              loading={submit.isPending && !submit.variables?.idempotencyKey}
              disabled={submit.isPending}
              onClick={() => start(false)}
            >
              Open the earlier batch
            </Button>
            <Button
              variant="default"
              leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
              disabled={!view.affordable || submit.isPending}
              loading={submit.isPending && !!submit.variables?.idempotencyKey}
              onClick={() => start(true)}
            >
              {view.confirmLabel}
            </Button>
          </>
        ) : (
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
            disabled={!view.affordable}
            loading={submit.isPending}
            onClick={() => start(false)}
            data-testid="batch-confirm"
          >
            {view.confirmLabel}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Choose a file → it is checked whole on the server (nothing charged) → the cost, or every bad line
 * → confirm. A new file starts over.
 */
export function BatchUpload({ onScreened }: { onScreened: (batch: Batch) => void }) {
  const [file, setFile] = useState<File | null>(null);
  // Asked for after a refusal: leave the rows that cannot be screened out, and screen the others.
  const [skipInvalid, setSkipInvalid] = useState(false);
  const dryRun = useMutation({ mutationFn: (a: { file: File; skipInvalid: boolean }) => previewBatch(a.file, { skipInvalid: a.skipInvalid }) });
  const { mutate, reset } = dryRun;
  const choose = (chosen: File | null) => {
    setSkipInvalid(false);
    setFile(chosen);
  };

  useEffect(() => {
    if (file) mutate({ file, skipInvalid });
    else reset();
  }, [file, skipInvalid, mutate, reset]);

  return (
    <Paper p="md" component="section" aria-label="Screen a file of wallets">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} maw={720}>
            <Title order={3} size="h4">
              Screen a file of wallets
            </Title>
            <Text size="sm" c="dimmed">
              {FORMAT_HINT}
            </Text>
          </Stack>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
            onClick={() => saveFile(new Blob([TEMPLATE_CSV], { type: 'text/csv' }), 'walletscreen-batch-template.csv')}
          >
            Download a template
          </Button>
        </Group>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />}
          value={file}
          onChange={choose}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen CSV file' }}
          w={{ base: '100%', sm: 420 }}
          data-testid="batch-file"
        />
        {dryRun.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              Checking every row…
            </Text>
          </Group>
        ) : null}
        {dryRun.isError ? <LineErrors error={dryRun.error} {...(skipInvalid ? {} : { onSkip: () => setSkipInvalid(true) })} /> : null}
        {dryRun.isSuccess && file ? (
          <Preview
            key={`${file.name}:${file.size}:${file.lastModified}`}
            preview={dryRun.data}
            file={file}
            skipInvalid={skipInvalid}
            onScreened={(batch) => {
              choose(null);
              onScreened(batch);
            }}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
