export * from './common/problem';
export * from './common/format';
export * from './accounts/api';
export * from './checks/risk-label';
export * from './checks/analysis';
export * from './addresses/parse';
export * from './checks/events';
