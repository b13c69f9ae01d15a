import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Modal, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { type CustomListKind, type CustomListSummary } from '@walletscreen/contracts';
import { notifyDone, notifyFailure } from '../../../components/notify';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { scrollRegion } from '../../../components/list-kit/scroll-region';
import { QueryStates } from '../../../components/list-kit/query-states';
import { formatDateTime } from '../../../lib/format-date';
import { useCustomLists } from '../api/get-custom-lists';
import { useRemoveCustomList } from '../api/remove-custom-list';
import { useUploadCustomList } from '../api/upload-custom-list';

function UploadForm() {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<CustomListKind>('block');
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadCustomList();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file || name.trim() === '') return;
    upload.mutate(
      { name, kind, file },
      {
        onSuccess: (r) => {
          notifyDone(
            `${r.name}: ${r.count} ${r.count === 1 ? 'address' : 'addresses'}${r.rejected_count ? `, ${r.rejected_count} rejected` : ''}.`,
            r.replaced ? 'List replaced' : 'List uploaded',
          );
          setName('');
          setFile(null);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Upload a list">
      <Stack gap="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label="List name"
            placeholder="e.g. Internal blocklist"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            w={{ base: '100%', xs: 240 }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="list-kind-label">
              Kind
            </Text>
            <SegmentedControl
              aria-labelledby="list-kind-label"
              value={kind}
              onChange={(v) => setKind(v)}
              data={[
                { value: 'block', label: 'Block' },
                { value: 'allow', label: 'Allow' },
              ]}
            />
          </Stack>
          <FileInput
            label="File"
            placeholder="Text (one address a line) or CSV"
            accept=".txt,.csv,text/plain,text/csv"
            value={file}
            onChange={setFile}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen list file' }}
            required
            w={{ base: '100%', xs: 280 }}
          />
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden="true" />} loading={upload.isPending} disabled={!file || name.trim() === ''}>
            Upload
          </Button>
        </Group>
        {upload.isError ? (
          <Alert color="red" variant="light" role="alert" title="Upload failed">
            {upload.error.message}
          </Alert>
        ) : null}
        {upload.data && upload.data.rejected.length > 0 ? (
          <Alert
            color="yellow"
            variant="light"
            role="status"
            title={`${upload.data.rejected_count} ${upload.data.rejected_count === 1 ? 'line' : 'lines'} rejected`}
          >
            {upload.data.rejected.slice(0, 5).map((r) => (
              <Text size="sm" key={r.line}>
                Line {r.line}: {r.reason}
              </Text>
            ))}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * The admin's custom block and allow lists: upload (a new name adds a list, an existing one
 * replaces it) and removal; `readOnly` (an auditor) shows the lists alone.
 */
export function CustomListsCard({ readOnly = false }: { readOnly?: boolean }) {
  const lists = useCustomLists();
  const remove = useRemoveCustomList();
  const [confirming, setConfirming] = useState<CustomListSummary | null>(null);
  const confirmRemove = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => {
        notifyDone(`${confirming.name} is no longer screened against.`, 'List removed');
        setConfirming(null);
      },
      onError: notifyFailure('Could not remove the list'),
    });
  };
  return (
    <Paper p="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          Custom block and allow lists
        </Title>
        {readOnly ? null : <UploadForm />}
        <QueryStates
          query={lists}
          loading="Loading lists..."
          errorTitle="Could not load the lists"
          isEmpty={(found) => found.length === 0}
          empty={<EmptyState title="No custom list is in force." compact />}
          py="md"
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={700} scrollAreaProps={scrollRegion('Custom lists table')}>
              <Table aria-label="Custom lists" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Kind</Table.Th>
                    <Table.Th ta="right">Addresses</Table.Th>
                    <Table.Th ta="right">Version</Table.Th>
                    <Table.Th>Uploaded</Table.Th>
                    <Table.Th>By</Table.Th>
                    {readOnly ? null : <Table.Th aria-label="Actions" />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td>{l.name}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={l.kind === 'block' ? 'red' : 'teal'}>
                          {l.kind}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right" className="ws-tabular">
                        {l.count.toLocaleString('en-US')}
                      </Table.Td>
                      <Table.Td ta="right" className="ws-tabular">
                        {l.version}
                      </Table.Td>
                      <Table.Td className="ws-tabular">{formatDateTime(l.uploaded_at)}</Table.Td>
                      <Table.Td>{l.uploaded_by}</Table.Td>
                      {readOnly ? null : (
                        <Table.Td ta="right">
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} aria-hidden="true" />}
                            onClick={() => setConfirming(l)}
                            aria-label={`Remove ${l.name}`}
                          >
                            Remove
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryStates>
      </Stack>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Remove this list?" centered>
        <Stack gap="md">
          <Text size="sm">
            {confirming
              ? `"${confirming.name}" (${confirming.kind}, ${confirming.count} addresses) will no longer be screened against. Checks already done keep what they found.`
              : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmRemove} loading={remove.isPending}>
              Remove list
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
