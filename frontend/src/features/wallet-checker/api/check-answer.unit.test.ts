import { answerFromBody, checkAnswerBodySchema } from './check-answer';

const read = (body: unknown) => answerFromBody(checkAnswerBodySchema.parse(body));

describe('the answer of the check calls, read with the schemas of their routes', () => {
  it('reads a 200 as the completed analysis, without the check id and status among its fields', () => {
    const answer = read({
      check_id: 'c-1',
      status: 'completed',
      wallet_address: 'bc1qexample',
      risk_score: 12,
      risk_level: 'Low Risk',
      aml_status: 'Compliant',
    });
    expect(answer).toMatchObject({
      status: 'completed',
      checkId: 'c-1',
      analysis: { wallet_address: 'bc1qexample', risk_score: 12, risk_level: 'Low Risk', linked_wallets: 0, fund_flow: null },
    });
    expect(answer.status === 'completed' && 'check_id' in answer.analysis).toBe(false);
  });

  it('reads a 202 as the running check and the stages it completed', () => {
    expect(read({ check_id: 'c-2', status: 'running', wallet_address: '0xabc', network: 'ethereum', stage: 3 })).toEqual({
      status: 'running',
      checkId: 'c-2',
      stage: 3,
      walletAddress: '0xabc',
      network: 'ethereum',
    });
  });

  it('refuses a body neither route sends', () => {
    expect(() => read({ status: 'completed' })).toThrow();
    expect(() => read({ check_id: 'c-3', status: 'running', wallet_address: '0xabc', network: 'ethereum', stage: 9 })).toThrow();
  });
});
