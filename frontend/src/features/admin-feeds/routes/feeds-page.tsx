import { EmptyState } from '../../../components/list-kit/empty-state';
import { QueryStates } from '../../../components/list-kit/query-states';
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
        title="Intelligence feeds"
        description="Lists of labelled addresses the intelligence step of every check reads, each recorded version by version: every label in a report names the feed and version it comes from."
      />
      <QueryStates
        query={feeds}
        loading="Loading the feeds..."
        errorTitle="Could not load the feeds"
        isEmpty={(found) => found.feeds.length === 0}
        empty={<EmptyState title="No feeds." compact />}
        gap="md"
      >
        {(found) => found.feeds.map((f) => <FeedCard key={f.id} feed={f} readOnly={readOnly} />)}
      </QueryStates>
    </>
  );
}
