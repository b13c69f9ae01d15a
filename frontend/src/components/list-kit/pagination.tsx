import type { ReactNode } from 'react';
import { Button, Group, Pagination, Stack, Text } from '@mantine/core';

export const LOAD_MORE_LABEL = 'Load More';
export const NEXT_PAGE_FAILED = 'The next page could not be loaded. Try again.';

/** The parts of a TanStack infinite query that Load More reads. */
export interface MoreQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load More" while the server has a next page; the next page is appended. Says so when it could not be loaded. */
export function LoadMore({ query, testId }: { query: MoreQuery; testId?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Stack align="center" gap={4}>
      <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid={testId}>
        {LOAD_MORE_LABEL}
      </Button>
      {query.isFetchNextPageError ? (
        <Text size="sm" c="dimmed" role="status">
          {NEXT_PAGE_FAILED}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Numbered pages (1-based), shown when there is more than one. */
export function PageNav({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return <Pagination total={pages} value={page} onChange={onChange} size="sm" getControlProps={(control) => ({ 'aria-label': `${control} page` })} />;
}

/**
 * Previous / Next over a list whose total is unknown: there is a next page while this one is full.
 * Shows which rows are on screen ("51–100"); nothing when everything fits on one page.
 */
export function OffsetPager({ offset, count, pageSize, onChange }: { offset: number; count: number; pageSize: number; onChange: (offset: number) => void }) {
  const hasNext = count === pageSize;
  if (offset === 0 && !hasNext) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" className="ws-tabular">
        {offset + 1}–{offset + count}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - pageSize))}>
          Previous
        </Button>
        <Button variant="default" size="xs" disabled={!hasNext} onClick={() => onChange(offset + pageSize)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}

/** Under a list: how many there are (announced as it changes) on the left, its pagination on the right. */
export function ListFooter({ summary, summaryTestId, children }: { summary?: ReactNode; summaryTestId?: string; children?: ReactNode }) {
  return (
    <Group justify="space-between">
      {summary !== undefined ? (
        <Text size="sm" c="dimmed" className="ws-tabular" role="status" data-testid={summaryTestId}>
          {summary}
        </Text>
      ) : (
        <span />
      )}
      {children}
    </Group>
  );
}
