export * from './voting-threshold';
export * from './dso.repository';
export * from './dso-info.service';
