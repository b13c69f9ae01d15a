/**
 * Given/When/Then for deciders, in tests:
 *   given([UserRegistered]).when(ResetPassword).then([PasswordReset])
 *   given([]).when(ResetPassword).thenThrows(Invalid)
 */
export interface Decider<State, Event, Command> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
}

export function deciderSpec<State, Event, Command>(decider: Decider<State, Event, Command>) {
  return (given: Event[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState));
      return {
        then(expected: Event[]) {
          expect(run()).toEqual(expected);
        },
        thenThrows(errorClass: abstract new (...args: never[]) => Error, message?: string | RegExp) {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(errorClass);
          if (message !== undefined) expect((thrown as Error).message).toMatch(message);
        },
      };
    },
  });
}
