/**
 * The fund-flow panel as a reader meets it: the sentence that sums the graph up, the graph (React
 * Flow in jsdom: its nodes with their real links), the same addresses as a table, the legend, and
 * where an address's link leads for a customer and in the admin area.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { A, scenarioFlow } from '../../test/fund-flow-fixture';
import { adminWalletsLink, FundFlowLinks } from './fund-flow-links';
import { FundFlowPanel } from './fund-flow-panel';

// jsdom lays nothing out: React Flow measures nodes when a ResizeObserver reports them (with offsetWidth/offsetHeight), and reads the viewport's transform with DOMMatrixReadOnly.
beforeAll(() => {
  class ReportingResizeObserver {
    constructor(private readonly report: ResizeObserverCallback) {}
    observe(target: Element) {
      queueMicrotask(() => act(() => this.report([{ target } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver)));
    }
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: ReportingResizeObserver });
  class DOMMatrixStandIn {
    m22: number;
    constructor(transform?: string) {
      const scale = /scale\(([\d.]+)\)/.exec(transform ?? '');
      this.m22 = scale ? Number(scale[1]) : 1;
    }
  }
  Object.defineProperty(window, 'DOMMatrixReadOnly', { configurable: true, writable: true, value: DOMMatrixStandIn });
  Object.defineProperties(window.HTMLElement.prototype, {
    offsetHeight: { configurable: true, get: () => 40 },
    offsetWidth: { configurable: true, get: () => 40 },
  });
});

/** Renders the panel and waits for the graph, which loads on demand. */
async function renderPanel(ui: ReactElement) {
  render(
    <MantineProvider env="test">
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
  // The first render loads the graph's module: on a loaded machine that takes longer than findAll's default second.
  await screen.findAllByTestId('fund-flow-node', {}, { timeout: 15_000 });
}

describe('the fund-flow panel', () => {
  it('sums the graph up in words and describes the graph with it', async () => {
    await renderPanel(<FundFlowPanel flow={scenarioFlow} />);
    const summary = screen.getByTestId('fund-flow-summary');
    expect(summary.textContent).toMatch(/^The wallet, its 3 direct counterparties and 4 addresses beyond them/);
    const graph = screen.getByRole('application', { name: /^Fund-flow graph of bc1qwa\.\.\.wwww$/ });
    expect(graph.getAttribute('aria-describedby')).toBe(summary.id);
  });

  it('draws every address with its category, share and links: its explorer page in a new tab, and its own check', async () => {
    await renderPanel(<FundFlowPanel flow={scenarioFlow} />);
    const nodes = screen.getAllByTestId('fund-flow-node');
    expect(nodes.map((n) => n.getAttribute('data-address')).sort()).toEqual(scenarioFlow.nodes.map((n) => n.address).sort());
    const x = screen.getByRole('group', { name: 'bc1qli...xxxx: sanctioned, 2 hops, 15% of all value' });
    within(x).getByText('Sanctioned · 15%');
    expect(within(x).getByText('bc1qli...xxxx').getAttribute('title')).toBe(A.x);
    const explorer = within(x).getByRole('link', { name: 'bc1qli...xxxx in the block explorer (opens in a new tab)' });
    expect(explorer.getAttribute('href')).toBe(`https://mempool.space/address/${A.x}`);
    expect(explorer.getAttribute('target')).toBe('_blank');
    expect(explorer.getAttribute('rel')).toContain('noopener');
    expect(within(x).getByRole('link', { name: 'Check bc1qli...xxxx in the wallet checker' }).getAttribute('href')).toBe(
      `/dashboard/wallet-checker?address=${A.x}&network=bitcoin`,
    );
    expect(x.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('sanction');
    // The wallet is marked as such and has no link to a check of its own: this is it.
    const wallet = screen.getByRole('group', { name: 'Wallet bc1qwa...wwww: unlabelled' });
    within(wallet).getByText('Wallet bc1qwa...wwww');
    expect(within(wallet).queryByRole('link', { name: /wallet checker/ })).toBeNull();
  });

  it('shows the same addresses as a table, with hops, categories and why, shares, flows and links', async () => {
    await renderPanel(<FundFlowPanel flow={scenarioFlow} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Table' }));
    expect(screen.queryByTestId('fund-flow-graph')).toBeNull();
    const table = screen.getByRole('table', { name: 'Fund flow: the addresses of the graph' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-address'))).toEqual(scenarioFlow.nodes.map((n) => n.address));
    const x = rows[5]!;
    expect(
      within(x)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      expect.stringContaining('bc1qli...xxxx'),
      '2 hops',
      'SanctionedSanctioned: TRACED PARTY ON THE LIST (OFAC SDN: CYBER2; listed under XBT)',
      '15%',
      'Sent 15% to bc1qin...1111',
      'Explorer Check',
    ]);
    within(rows[0]!).getByText('Wallet');
    expect(within(rows[2]!).getAllByRole('cell')[4]!.textContent).toBe('Sent 20% to the wallet');
    fireEvent.click(screen.getByRole('radio', { name: 'Graph' }));
    expect(await screen.findAllByTestId('fund-flow-node')).toHaveLength(scenarioFlow.nodes.length);
  });

  it('says what the colours, sizes and arrows mean', async () => {
    await renderPanel(<FundFlowPanel flow={scenarioFlow} />);
    const legend = screen.getByRole('list', { name: 'Legend: node colours' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Sanctioned, terrorism financing or on your block list',
      'Ransomware, darknet, mixer or CoinJoin',
      'Theft, exploit, phishing, scam, sextortion, frozen by issuer or gambling',
      'Exchange, DeFi, bridge, mining pool or other service',
      'Unlabelled',
    ]);
    screen.getByText(/Arrows: the direction funds moved/);
  });

  it('in the admin area, links an address to its entry in Wallets', async () => {
    await renderPanel(
      <FundFlowLinks value={adminWalletsLink}>
        <FundFlowPanel flow={scenarioFlow} />
      </FundFlowLinks>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Table' }));
    expect(screen.getByRole('link', { name: 'Open bc1qli...xxxx in Wallets' }).getAttribute('href')).toBe(`/admin/wallets?network=bitcoin&address=${A.x}`);
  });

  it('without counterparties, says so in a sentence and draws nothing', () => {
    render(
      <MantineProvider env="test">
        <FundFlowPanel flow={{ ...scenarioFlow, nodes: scenarioFlow.nodes.slice(0, 1), edges: [] }} />
      </MantineProvider>,
    );
    screen.getByText('No counterparty was found in the transactions examined.');
    expect(screen.queryByRole('radio', { name: 'Table' })).toBeNull();
    expect(screen.queryByTestId('fund-flow-graph')).toBeNull();
  });
});
