export * from './daml-value/daml-value.types';
export * from './history/update-history.types';
