// The browser-safe entry point: the scan group's generated client and types only. The package
// index also carries the spec documents (large, only the servers validate against them).
export * as scanApi from './generated/scan';
export { createClient as createScanClient } from './generated/scan/client';
