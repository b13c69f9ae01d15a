export * from './event-store/port';
export * from './event-store/hash-chain';
export * from './message-bus/port';
export * from './message-bus/supervise';
export * from './message-bus/checkpointed-worker';
export * from './read-store/port';
export * from './config/config';
export * from './logging/logger';
