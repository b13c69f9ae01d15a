import { CASES_PAGE_SIZE, casesQuery, emptyCaseFilters, isFiltered, pageCount } from './case-filters';

describe('the Cases filters as a query string', () => {
  it('sends only the page when nothing is filtered', () => {
    expect(casesQuery('user', emptyCaseFilters, 1)).toEqual({
      limit: CASES_PAGE_SIZE,
      offset: 0,
      status: undefined,
      decision: undefined,
      risk_level: undefined,
      assignee: undefined,
      q: undefined,
      owner: undefined,
    });
  });

  it('sends each filter as the server names it, texts trimmed, and the page as an offset', () => {
    const filters = {
      status: 'escalated',
      decision: 'none',
      riskLevel: 'High Risk',
      assignee: '  admin@walletscreen.example ',
      address: ' bc1q ',
      owner: 'cases@',
    } as const;
    expect(casesQuery('admin', filters, 3)).toEqual({
      limit: CASES_PAGE_SIZE,
      offset: 2 * CASES_PAGE_SIZE,
      status: 'escalated',
      decision: 'none',
      risk_level: 'High Risk',
      assignee: 'admin@walletscreen.example',
      q: 'bc1q',
      owner: 'cases@',
    });
  });

  it("leaves the owner's e-mail out of a customer's own list", () => {
    expect(casesQuery('user', { ...emptyCaseFilters, owner: 'someone@' }, 1).owner).toBeUndefined();
  });

  it('treats blank texts as no filter and a page below 1 as the first', () => {
    expect(casesQuery('admin', { ...emptyCaseFilters, assignee: '   ', address: ' ', owner: '  ' }, 0)).toMatchObject({
      offset: 0,
      assignee: undefined,
      q: undefined,
      owner: undefined,
    });
  });

  it('counts pages, at least one', () => {
    expect([0, 1, CASES_PAGE_SIZE, CASES_PAGE_SIZE + 1].map(pageCount)).toEqual([1, 1, 1, 2]);
  });

  it('says whether anything narrows the list', () => {
    expect(isFiltered(emptyCaseFilters)).toBe(false);
    expect(isFiltered({ ...emptyCaseFilters, address: '  ' })).toBe(false);
    expect(isFiltered({ ...emptyCaseFilters, status: 'closed' })).toBe(true);
    expect(isFiltered({ ...emptyCaseFilters, owner: 'x' })).toBe(true);
  });
});
