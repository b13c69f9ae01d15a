/**
 * The one shape of an aggregate's logic (Emmett's decider): `decide(command, state) => events`,
 * pure and synchronous, and `evolve(state, event) => state` from `initialState`. Time, ids and
 * prices come in on the command (`command.metadata.now`). Events are `{ type, data }` described by
 * zod schemas (`eventSchema`), so their types, their names and the check that a stored event has
 * the recorded shape come from one declaration.
 */
import { z } from 'zod';

/** A domain event as deciders produce it; the store adds position, revision and time. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** What folds a stream: its events' types, the state before the first, and how each changes it. */
export interface Aggregate<State, Event extends DomainEvent> {
  initialState: State;
  evolve(state: State, event: Event): State;
  /** Event types this aggregate folds; other events on its stream are skipped. */
  types: ReadonlySet<string>;
}

export interface Decider<State, Command, Event extends DomainEvent> extends Aggregate<State, Event> {
  decide(command: Command, state: State): Event[];
}

/** What every command carries besides its data: the moment it is decided at. */
export interface CommandMetadata {
  /** ISO-8601. */
  now: string;
}

/** The schema of one event: its type name as a literal, and its data. */
export const eventSchema = <const Type extends string, Data extends z.ZodType>(type: Type, data: Data) => z.object({ type: z.literal(type), data });

type EventSchema = ReturnType<typeof eventSchema<string, z.ZodType>>;

/**
 * An aggregate's events: the union schema (to check a stored event), and its type names (to know
 * which events of a stream it folds).
 */
export function eventUnion<const Schemas extends readonly [EventSchema, ...EventSchema[]]>(schemas: Schemas) {
  const types = schemas.map((s) => s.shape.type.value) as { [K in keyof Schemas]: Schemas[K] extends { shape: { type: z.ZodLiteral<infer T> } } ? T : never };
  return { schema: z.discriminatedUnion('type', schemas), types: types as Readonly<typeof types>, typeSet: new Set<string>(types) as ReadonlySet<string> };
}
