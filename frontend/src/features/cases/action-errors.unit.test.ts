import { ApiError } from '../../lib/api-client';
import { actionErrors } from './action-errors';

describe("where a refused case action's message goes", () => {
  it('puts a 400 field message under its input', () => {
    expect(actionErrors(new ApiError(400, 'Give a reason', null, { reason: 'Give a reason' }), ['decision', 'reason'])).toEqual({
      fields: { reason: 'Give a reason' },
      form: null,
    });
  });

  it('shows a four-eyes refusal (409) beside the action', () => {
    const refusal = 'You requested this close: a second person must approve it (four eyes)';
    expect(actionErrors(new ApiError(409, refusal), [])).toEqual({ fields: {}, form: refusal });
  });

  it('shows a field message about an input the form does not have beside the action', () => {
    expect(actionErrors(new ApiError(400, 'Not allowed', null, { body: 'Not allowed' }), ['reason'])).toEqual({ fields: {}, form: 'Not allowed' });
  });

  it('shows nothing without an error', () => {
    expect(actionErrors(null, ['reason'])).toEqual({ fields: {}, form: null });
  });
});
