import { readUserState } from './user-state';

it("reads a user's balance, role and block from the folded state, and nothing else", () => {
  const state = {
    registered: true,
    user_id: 'u1',
    email: 'a@b.example',
    username: 'A',
    role: 'user',
    blocked: false,
    bonus_checks: 19,
    purchased_checks: 5,
    remaining_checks: 24,
    registered_at: '2026-11-25T03:00:00.000Z',
    charges: {},
  };
  expect(readUserState(state)).toMatchObject({ bonus_checks: 19, purchased_checks: 5, remaining_checks: 24, role: 'user', blocked: false });
  expect(readUserState({ registered: false })).toEqual({ registered: false });
  expect(readUserState({ status: 'completed' })).toBeNull();
  expect(readUserState(null)).toBeNull();
});
