export * from './checks/pipeline';
export * from './checks/analysis-worker';
export * from './checks/risk-model';
