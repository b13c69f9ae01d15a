/** `npm run start:relay` (dist/server/relay.cjs): the relay from the event store to Kafka, in the distributed shape (processes.ts). */
import { runProcessMain } from './run-main';

runProcessMain('relay');
