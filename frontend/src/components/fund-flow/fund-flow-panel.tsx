/**
 * The fund-flow graph where a check's result is read: a sentence that sums it up (also the graph's
 * description), the graph or, at a click, the same addresses as a table, and the legend. The graph
 * and its library load on demand, so no page that does not show one carries them.
 */
import { Component, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Alert, Center, SegmentedControl, Stack, Text } from '@mantine/core';
import { LoadingState } from '../list-kit/loading-state';
import type { FundFlow } from '@walletscreen/contracts';
import { describeFundFlow } from './fund-flow-display';
import { FundFlowLegend } from './fund-flow-legend';
import { FundFlowTable } from './fund-flow-table';

const FundFlowGraph = lazy(() => import('./fund-flow-graph'));

/** Shows the table instead when the graph's code cannot be loaded (offline, a new release). */
class GraphBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type View = 'graph' | 'table';

export function FundFlowPanel({ flow }: { flow: FundFlow }) {
  const [view, setView] = useState<View>('graph');
  const summaryId = useId();
  const hasCounterparties = flow.nodes.some((n) => n.hop > 0);
  return (
    <Stack gap="sm" data-testid="fund-flow">
      <Text size="sm" id={summaryId} data-testid="fund-flow-summary">
        {describeFundFlow(flow)}
      </Text>
      {hasCounterparties ? (
        <>
          <SegmentedControl
            aria-label="Show the fund flow as"
            value={view}
            onChange={(value) => setView(value === 'table' ? 'table' : 'graph')}
            data={[
              { value: 'graph', label: 'Graph' },
              { value: 'table', label: 'Table' },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          {view === 'graph' ? (
            <>
              <GraphBoundary
                fallback={
                  <Stack gap="sm">
                    <Alert variant="light" color="gray" role="status">
                      The graph could not be loaded. The same addresses are listed below.
                    </Alert>
                    <FundFlowTable flow={flow} />
                  </Stack>
                }
              >
                <Suspense
                  fallback={
                    <Center h="32rem">
                      <LoadingState label="Loading the graph..." />
                    </Center>
                  }
                >
                  <FundFlowGraph flow={flow} describedBy={summaryId} />
                </Suspense>
              </GraphBoundary>
              <FundFlowLegend />
            </>
          ) : (
            <FundFlowTable flow={flow} />
          )}
        </>
      ) : null}
    </Stack>
  );
}
