import { choiceOf, intervalText } from './interval';

describe('re-screen intervals', () => {
  it('read as people say them', () => {
    expect([1, 24, 168, 48, 6].map(intervalText)).toEqual(['Hourly', 'Daily', 'Weekly', 'Every 2 days', 'Every 6 hours']);
  });
  it('fall under the preset they match, or a custom number of hours', () => {
    expect([1, 24, 168, 12].map(choiceOf)).toEqual(['1', '24', '168', 'custom']);
  });
});
