import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconListSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ClearableTextInput } from '../../../components/clearable-text-input';
import { PageHeader } from '../../../components/page-header';
import { useStreams } from '../api/get-streams';
import { isValidStreamPrefix, kindOfPrefix } from '../position-stops';

const ANY_KIND = '*';

/** /admin/streams: the stream ids in the store by kind or prefix, a page at a time; one opens the stream. */
export function StreamsPage() {
  const [prefix, setPrefix] = useState('');
  const [debounced] = useDebouncedValue(prefix, 300);
  const valid = isValidStreamPrefix(debounced);
  const streams = useStreams(valid ? debounced : '');
  const kinds = streams.data?.pages[0]?.kinds ?? [];
  const rows = streams.data?.pages.flatMap((p) => p.streams) ?? [];
  const foldsByKind = new Map(kinds.map((k) => [k.kind, k.folds]));
  const selectedKind = kindOfPrefix(kinds, prefix)?.kind ?? ANY_KIND;

  return (
    <>
      <PageHeader order={1} title="Streams" description="Every stream in the event store. Open one to see its events and its state at any position." />
      <Paper p="md">
        <Stack gap="md">
          <Group gap="md" align="flex-start" wrap="wrap">
            <Select
              label="Kind"
              data={[{ value: ANY_KIND, label: 'Any kind' }, ...kinds.map((k) => ({ value: k.kind, label: `${k.kind} (${k.prefix}…)` }))]}
              value={selectedKind}
              onChange={(kind) => setPrefix(kinds.find((k) => k.kind === kind)?.prefix ?? '')}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
            />
            <ClearableTextInput
              label="Stream id starts with"
              placeholder="user-"
              value={prefix}
              onChange={(e) => setPrefix(e.currentTarget.value)}
              onClear={() => setPrefix('')}
              error={isValidStreamPrefix(prefix) ? undefined : 'Letters, digits and . _ : @ + - only'}
              w={{ base: '100%', xs: 320 }}
              spellCheck={false}
              autoComplete="off"
            />
          </Group>
          {streams.isPending ? (
            <Center py="xl" role="status">
              <Group gap="sm">
                <Loader size="sm" aria-hidden="true" />
                <Text c="dimmed">Loading streams...</Text>
              </Group>
            </Center>
          ) : streams.isError && rows.length === 0 ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Could not load the streams">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{streams.error.message}</Text>
                <Button size="xs" variant="default" onClick={() => void streams.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : rows.length === 0 ? (
            <Center py="xl">
              <Stack align="center" gap={6}>
                <IconListSearch size={28} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                <Text fw={600}>No streams found</Text>
                <Text size="sm" c="dimmed">
                  No stream id starts with this.
                </Text>
              </Stack>
            </Center>
          ) : (
            <Stack gap="sm" style={{ opacity: streams.isPlaceholderData ? 0.6 : 1 }} aria-busy={streams.isFetching}>
              <Table.ScrollContainer minWidth={360}>
                <Table highlightOnHover verticalSpacing="xs" aria-label="Streams">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Stream id</Table.Th>
                      <Table.Th>Kind</Table.Th>
                      <Table.Th>State</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((s) => (
                      <Table.Tr key={s.stream_id}>
                        <Table.Td maw={420}>
                          <Anchor component={Link} to={`/admin/streams/${encodeURIComponent(s.stream_id)}`} size="sm" className="ws-mono" style={{ overflowWrap: 'anywhere' }}>
                            {s.stream_id}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          {s.kind ? (
                            <Badge variant="light" color="gray" tt="none">
                              {s.kind}
                            </Badge>
                          ) : (
                            <Text size="sm" c="dimmed">
                              unknown
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c={s.kind && foldsByKind.get(s.kind) ? undefined : 'dimmed'}>
                            {s.kind && foldsByKind.get(s.kind) ? 'Folded' : 'Events only'}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Group justify="space-between">
                <Text size="sm" c="dimmed" className="ws-tabular" role="status">
                  {rows.length.toLocaleString('en-US')} {rows.length === 1 ? 'stream' : 'streams'} shown{streams.hasNextPage ? ', more to load' : ''}
                </Text>
                {streams.hasNextPage ? (
                  <Button variant="default" onClick={() => void streams.fetchNextPage()} loading={streams.isFetchingNextPage}>
                    Load more
                  </Button>
                ) : null}
              </Group>
            </Stack>
          )}
        </Stack>
      </Paper>
    </>
  );
}
