import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { QueryClient, QueryClientProvider, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from './empty-state';
import { ListFooter, LoadMore, OffsetPager, PageNav } from './pagination';
import { QueryStates } from './query-states';

/** A server the tests answer by hand: each call waits until the test resolves or rejects it. */
function handServer<T>() {
  const calls: Array<{ resolve: (value: T) => void; reject: (error: Error) => void }> = [];
  return {
    fetch: () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject })),
    answer: async (value: T) => {
      await waitFor(() => expect(calls.length).toBeGreaterThan(0));
      await act(async () => calls.shift()!.resolve(value));
    },
    fail: async (message: string) => {
      await waitFor(() => expect(calls.length).toBeGreaterThan(0));
      await act(async () => calls.shift()!.reject(new Error(message)));
    },
  };
}

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

function Names({ server }: { server: ReturnType<typeof handServer<string[]>> }) {
  const names = useQuery({ queryKey: ['names'], queryFn: server.fetch });
  return (
    <QueryStates
      query={names}
      loading="Loading names..."
      errorTitle="Could not load the names"
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState icon={IconUsers} title="No names yet" description="Names you add show here." testId="names-empty" />}
    >
      {(list) => (
        <ul aria-label="Names">
          {list.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </QueryStates>
  );
}

describe('the list kit', () => {
  it('announces the loading list, then shows what loaded, marked busy while it refreshes', async () => {
    const server = handServer<string[]>();
    renderWith(<Names server={server} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading names...');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await server.answer(['Ada', 'Grace']);
    const list = await screen.findByRole('list', { name: 'Names' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ada', 'Grace']);
    expect(list.parentElement!.getAttribute('aria-busy')).toBe('false');
  });

  it('says what could not be loaded and why, and Try again loads it again', async () => {
    const server = handServer<string[]>();
    renderWith(<Names server={server} />);
    await server.fail('The database is unavailable');
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Could not load the names');
    within(alert).getByText('The database is unavailable');
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    fireEvent.click(retry);
    await server.answer(['Ada']);
    await screen.findByText('Ada');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty state with its icon hidden from assistive technology', async () => {
    const server = handServer<string[]>();
    renderWith(<Names server={server} />);
    await server.answer([]);
    const empty = await screen.findByTestId('names-empty');
    within(empty).getByText('No names yet');
    within(empty).getByText('Names you add show here.');
    expect(empty.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps the rows on screen when a refresh fails', async () => {
    const server = handServer<string[]>();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <Names server={server} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await server.answer(['Ada']);
    await screen.findByText('Ada');
    await act(async () => {
      void client.refetchQueries({ queryKey: ['names'] });
    });
    await server.fail('Gone away');
    await waitFor(() => expect(client.getQueryState(['names'])?.status).toBe('error'));
    screen.getByText('Ada');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no Retry for an error that repeating cannot change, and says it in its own words', async () => {
    const server = handServer<string>();
    function Item() {
      const item = useQuery({ queryKey: ['item'], queryFn: server.fetch });
      return (
        <QueryStates query={item} loading="Loading the item..." errorTitle="No such item" errorMessage={() => 'It does not exist.'} canRetry={() => false}>
          {(text) => <p>{text}</p>}
        </QueryStates>
      );
    }
    renderWith(<Item />);
    await server.fail('404');
    const alert = await screen.findByRole('alert');
    within(alert).getByText('It does not exist.');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('loads more while the last page was full, appending it, and says when the next page failed', async () => {
    const server = handServer<number[]>();
    function Numbers() {
      const numbers = useInfiniteQuery({
        queryKey: ['numbers'],
        queryFn: server.fetch,
        initialPageParam: 0,
        getNextPageParam: (last: number[], _all: number[][], offset: number) => (last.length === 2 ? offset + 2 : undefined),
      });
      const rows = numbers.data?.pages.flat() ?? [];
      return (
        <QueryStates query={numbers} loading="Loading numbers..." isEmpty={() => rows.length === 0}>
          {() => (
            <>
              <p data-testid="numbers">{rows.join(',')}</p>
              <LoadMore query={numbers} testId="numbers-more" />
            </>
          )}
        </QueryStates>
      );
    }
    renderWith(<Numbers />);
    await server.answer([1, 2]);
    fireEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    await server.fail('Timeout');
    await screen.findByText('The next page could not be loaded. Try again.');
    expect(screen.getByTestId('numbers').textContent).toBe('1,2');
    fireEvent.click(screen.getByTestId('numbers-more'));
    await server.answer([3]);
    await waitFor(() => expect(screen.getByTestId('numbers').textContent).toBe('1,2,3'));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('pages with Previous and Next by offset, showing the rows on screen', () => {
    function Pager() {
      const [offset, setOffset] = useState(0);
      const count = offset === 0 ? 50 : 7;
      return <OffsetPager offset={offset} count={count} pageSize={50} onChange={setOffset} />;
    }
    renderWith(<Pager />);
    screen.getByText('1–50');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    screen.getByText('51–57');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows no pager for a single page', () => {
    renderWith(
      <>
        <OffsetPager offset={0} count={3} pageSize={50} onChange={() => undefined} />
        <PageNav page={1} pages={1} onChange={() => undefined} />
      </>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('numbers the pages with named controls, beside an announced total', () => {
    const changed: number[] = [];
    renderWith(
      <ListFooter summary="120 events" summaryTestId="total">
        <PageNav page={1} pages={3} onChange={(p) => changed.push(p)} />
      </ListFooter>,
    );
    expect(screen.getByTestId('total').getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(changed).toEqual([2, 3]);
  });
});
