/** Small helpers to read environment variables into typed values, collecting every problem. */
export class EnvReader {
  readonly problems: string[] = [];

  constructor(private readonly env: Record<string, string | undefined>) {}

  string(name: string, fallback: string): string {
    const raw = this.env[name];
    return raw === undefined || raw === '' ? fallback : raw;
  }

  optionalString(name: string): string | undefined {
    const raw = this.env[name];
    return raw === undefined || raw === '' ? undefined : raw;
  }

  int(name: string, fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^-?\d+$/.test(raw.trim())) {
      this.problems.push(`${name} must be an integer, got "${raw}"`);
      return fallback;
    }
    const value = Number(raw);
    if (value < min || value > max) {
      this.problems.push(`${name} must be between ${min} and ${max}, got ${value}`);
      return fallback;
    }
    return value;
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
    this.problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  }

  optionalBool(name: string): boolean | undefined {
    const raw = this.env[name];
    return raw === undefined || raw === '' ? undefined : this.bool(name, false);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
      return fallback;
    }
    return raw as T;
  }

  /** A path prefix such as `/api/scan`: leading slash, no trailing slash; empty means the root. */
  pathPrefix(name: string, fallback: string): string {
    const raw = this.string(name, fallback);
    if (raw === '' || raw === '/') return '';
    if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(raw)) {
      this.problems.push(`${name} must be a path prefix like /api/scan, got "${raw}"`);
      return fallback;
    }
    return raw;
  }

  /** A size such as `1mb`, `512kb` or a plain number of bytes. */
  bytes(name: string, fallback: number): number {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    const match = /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(raw.trim());
    if (!match) {
      this.problems.push(`${name} must be a size like 1mb, 512kb or 1048576, got "${raw}"`);
      return fallback;
    }
    const unit = (match[2] ?? 'b').toLowerCase();
    const factor = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[unit] ?? 1;
    return Number(match[1]) * factor;
  }

  url(name: string, protocols: readonly string[]): string | undefined {
    const raw = this.optionalString(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        this.problems.push(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
        return undefined;
      }
      return raw;
    } catch {
      this.problems.push(`${name} must be a URL, got "${raw}"`);
      return undefined;
    }
  }

  /**
   * A comma-separated list of distinct URLs (empty when unset), each without its trailing
   * slash; a repeated URL would count twice where answers are compared.
   */
  urlList(name: string, protocols: readonly string[]): string[] {
    const raw = this.optionalString(name);
    if (raw === undefined) return [];
    const urls: string[] = [];
    for (const entry of raw.split(',').map((e) => e.trim())) {
      if (entry === '') continue;
      let parsed: URL;
      try {
        parsed = new URL(entry);
      } catch {
        this.problems.push(`${name} must be comma-separated URLs, "${entry}" is not a URL`);
        continue;
      }
      if (!protocols.includes(parsed.protocol)) {
        this.problems.push(`${name} URLs must use ${protocols.join(' or ')}, got "${entry}"`);
        continue;
      }
      const url = entry.replace(/\/+$/, '');
      if (urls.includes(url)) this.problems.push(`${name} lists "${url}" more than once`);
      else urls.push(url);
    }
    if (urls.length === 0 && !this.problems.some((p) => p.startsWith(name)))
      this.problems.push(`${name} must hold at least one URL, got "${raw}"`);
    return urls;
  }
}
