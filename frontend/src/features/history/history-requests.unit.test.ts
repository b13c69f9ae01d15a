import { installFakeServer, signIn } from '../../test/fake-server';
import { getAdminHistory } from './api/get-admin-history';
import { getHistory } from './api/get-history';
import { applyFilters, DATE_ORDER_MESSAGE, emptyFilters, riskOptions } from './history-filters';
import { HISTORY_PAGE_SIZE, nextPageOffset, rowsOfPages } from './history-item';

const row = (id: string) => ({
  id,
  wallet_address: '0x8f3A21c6B7e94D05a1Cc92E4f7b60D3e5A9c41B2',
  network: 'ethereum',
  risk_level: 'High Risk',
  risk_score: 71,
  aml_status: 'Review Required',
  created_at: '15.01.26 09:30',
  created_at_iso: '2026-01-15T09:30:00.000Z',
  access: '',
  status: 'completed',
});

describe('the history request', () => {
  let server: ReturnType<typeof installFakeServer>;
  beforeEach(() => signIn());
  afterEach(() => server.restore());

  it('asks for the first page of 10 without filters', async () => {
    server = installFakeServer({ status: 200, json: [row('a')] });
    const items = await getHistory(emptyFilters, 0);
    expect(server.sent[0]!.url).toBe('/api/transactions/history?limit=10&offset=0');
    expect(items[0]).toMatchObject({ id: 'a', risk_level: 'High Risk', risk_score: 71 });
  });

  it('sends every filter to the server, the address trimmed and the dates as YYYY-MM-DD', async () => {
    server = installFakeServer({ status: 200, json: [] });
    await getHistory({ address: ' 0x8f3a ', riskLevel: 'Medium Risk', dateFrom: '2026-01-01', dateTo: '2026-01-31', email: '' }, 20);
    const url = new URL(server.sent[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/transactions/history');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '10',
      offset: '20',
      address: '0x8f3a',
      risk_level: 'Medium Risk',
      date_from: '2026-01-01',
      date_to: '2026-01-31',
    });
  });

  it('leaves out the filters that are not set', async () => {
    server = installFakeServer({ status: 200, json: [] });
    await getHistory({ address: '  ', riskLevel: '', dateFrom: null, dateTo: '2026-02-01', email: 'someone' }, 0);
    expect(server.sent[0]!.url).toBe('/api/transactions/history?limit=10&offset=0&date_to=2026-02-01');
  });

  it('reads the rows with the schema the server answers with, refusing a row it would never send', async () => {
    server = installFakeServer({ status: 200, json: [{ id: 'b' }] });
    await expect(getHistory(emptyFilters, 0)).rejects.toThrow();
  });

  it("asks the admins' endpoint for every user's checks, with the e-mail filter trimmed, and reads each row's e-mail", async () => {
    server = installFakeServer({ status: 200, json: [{ ...row('a'), user_email: 'ana@example.com' }] });
    const items = await getAdminHistory({ ...emptyFilters, riskLevel: 'High Risk', email: ' ana@ ' }, 10);
    const url = new URL(server.sent[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/admin/transactions');
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: '10', offset: '10', risk_level: 'High Risk', email: 'ana@' });
    expect(items[0]).toMatchObject({ id: 'a', user_email: 'ana@example.com' });
  });

  it("refuses an admins' row without the user's e-mail", async () => {
    server = installFakeServer({ status: 200, json: [row('a')] });
    await expect(getAdminHistory(emptyFilters, 0)).rejects.toThrow();
  });
});

describe('Load More', () => {
  const next = nextPageOffset;
  const page = (n: number) => Array.from({ length: n }, (_, i) => ({ ...row(String(i)) }));

  it('asks for the next 10 while the last page was full', () => {
    expect(HISTORY_PAGE_SIZE).toBe(10);
    expect(next(page(10), [page(10)], 0)).toBe(10);
    expect(next(page(10), [page(10), page(10)], 10)).toBe(20);
  });

  it('stops after a page with fewer than 10 items', () => {
    expect(next(page(9), [page(10), page(9)], 10)).toBeUndefined();
    expect(next(page(0), [page(0)], 0)).toBeUndefined();
  });

  it('keeps going after a first page that grew by a check added on the client, and lists each check once', () => {
    expect(next(page(11), [page(11)], 0)).toBe(10);
    expect(
      rowsOfPages([
        [row('new'), row('a'), row('b')],
        [row('b'), row('c')],
      ]).map((r) => r.id),
    ).toEqual(['new', 'a', 'b', 'c']);
  });
});

describe('the filter bar', () => {
  it('offers Choose, Low Risk, Medium Risk and High Risk, and Incomplete for checks that lacked their evidence', () => {
    expect(riskOptions.map((o) => o.label)).toEqual(['Choose', 'Low Risk', 'Medium Risk', 'High Risk', 'Incomplete']);
    expect(riskOptions[0]!.value).toBe('');
  });

  it('refuses a Date to before Date from, and accepts the same day', () => {
    expect(applyFilters({ ...emptyFilters, dateFrom: '2026-02-01', dateTo: '2026-01-31' })).toEqual({ ok: false, dateToError: DATE_ORDER_MESSAGE });
    expect(applyFilters({ ...emptyFilters, dateFrom: '2026-02-01', dateTo: '2026-02-01' }).ok).toBe(true);
  });

  it('trims the address and the e-mail when searching', () => {
    expect(applyFilters({ ...emptyFilters, address: '  abc ', email: ' ana@ ' })).toEqual({
      ok: true,
      filters: { ...emptyFilters, address: 'abc', email: 'ana@' },
    });
  });
});
