import { useState } from 'react';
import { Anchor, Badge, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconListSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ClearableTextInput } from '../../../components/clearable-text-input';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { ListFooter, LoadMore } from '../../../components/list-kit/pagination';
import { QueryStates } from '../../../components/list-kit/query-states';
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
      <PageHeader title="Streams" description="Every stream in the event store. Open one to see its events and its state at any position." />
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
          <QueryStates
            query={streams}
            loading="Loading streams..."
            errorTitle="Could not load the streams"
            isEmpty={() => rows.length === 0}
            empty={<EmptyState icon={IconListSearch} title="No streams found" description="No stream id starts with this." />}
          >
            {() => (
              <>
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
                            <Anchor
                              component={Link}
                              to={`/admin/streams/${encodeURIComponent(s.stream_id)}`}
                              size="sm"
                              className="ws-mono"
                              style={{ overflowWrap: 'anywhere' }}
                            >
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
                <ListFooter
                  summary={`${rows.length.toLocaleString('en-US')} ${rows.length === 1 ? 'stream' : 'streams'} shown${streams.hasNextPage ? ', more to load' : ''}`}
                >
                  <LoadMore query={streams} />
                </ListFooter>
              </>
            )}
          </QueryStates>
        </Stack>
      </Paper>
    </>
  );
}
