import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { isReadOnlySession } from '../../../lib/session';
import { useFeeds } from '../api/get-feeds';
import { FeedCard } from '../components/feed-card';

/** /admin/feeds: the intelligence feeds checks read besides the shipped labels, their versions in force, syncs and your own labels. */
export function FeedsPage() {
  const readOnly = isReadOnlySession();
  const feeds = useFeeds();
  return (
    <>
      <PageHeader
        order={1}
        title="Intelligence feeds"
        description="Lists of labelled addresses the intelligence step of every check reads, each recorded version by version: every label in a report names the feed and version it comes from."
      />
      {feeds.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text c="dimmed">Loading the feeds...</Text>
        </Group>
      ) : feeds.isError ? (
        <Alert color="red" variant="light" role="alert" title="Could not load the feeds">
          {feeds.error.message}
        </Alert>
      ) : feeds.data.feeds.length === 0 ? (
        <Text c="dimmed">No feeds.</Text>
      ) : (
        <Stack gap="md">
          {feeds.data.feeds.map((f) => (
            <FeedCard key={f.id} feed={f} readOnly={readOnly} />
          ))}
        </Stack>
      )}
    </>
  );
}
