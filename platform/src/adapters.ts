// Adapters, for composition roots only: domain code imports the ports from the package index.
export { SqliteEventStore, openSqliteDatabase } from './event-store/sqlite/sqlite-event-store';
export { foundBreakFile, foundBreakFileStore, verifiedHeadFile, verifiedHeadFileStore } from './event-store/sqlite/verified-head-file';
export { startBackgroundCheckpointer, type BackgroundCheckpointer } from './event-store/sqlite/background-checkpointer';
export { SqliteReadStore } from './read-store/sqlite/sqlite-read-store';
export { EVENTS_FILE, READ_MODELS_FILE, moveReadModels, sqliteFiles } from './read-store/sqlite/read-models-file';
export { MongoReadStore, type MongoReadStoreOptions } from './read-store/mongo/mongo-read-store';
export { createInProcessBus } from './message-bus/in-process/in-process-bus';
