import { ownScanAmong } from './own-scan';

describe('ownScanAmong', () => {
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]', 'devbox', '10.1.2.3']);

  it.each([
    'http://127.0.0.1:5012/api/scan',
    'http://localhost:5012/api/scan',
    'http://LOCALHOST:5012/api/scan',
    'http://[::1]:5012/api/scan',
    'http://127.0.1.1:5012/api/scan',
    'http://devbox:5012/api/scan',
    'http://10.1.2.3:5012/api/scan',
  ])('finds the stack own scan at %s', (url) => {
    expect(ownScanAmong(['https://scan.sv-1.example.com/api/scan', url], 5012, hosts)).toBe(url);
  });

  it('leaves other hosts and other ports alone', () => {
    const peers = [
      'https://scan.sv-1.example.com/api/scan',
      'http://127.0.0.1:6012/api/scan',
      'http://10.9.9.9:5012/api/scan',
    ];
    expect(ownScanAmong(peers, 5012, hosts)).toBeUndefined();
  });

  it('reads the default port of the scheme', () => {
    expect(ownScanAmong(['http://localhost/api/scan'], 80, hosts)).toBe('http://localhost/api/scan');
    expect(ownScanAmong(['https://localhost/api/scan'], 80, hosts)).toBeUndefined();
  });
});
