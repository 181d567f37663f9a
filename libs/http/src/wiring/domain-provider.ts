import type { InjectionToken, Provider } from '@nestjs/common';
import type { AppConfig } from '@canton-scan/domain';
import { APP_CONFIG } from '../app-config.module';

/** A constructor argument taken from the validated configuration rather than from another provider. */
export class ConfigSlice<T> {
  constructor(readonly pick: (config: AppConfig) => T) {}
}

/** `fromConfig((c) => c.sv)`: hands a domain class the slice of the configuration it needs. */
export function fromConfig<T>(pick: (config: AppConfig) => T): ConfigSlice<T> {
  return new ConfigSlice(pick);
}

export type DomainDependency = InjectionToken | ConfigSlice<unknown>;

/**
 * The one way apps wire the domain: each domain class (repository, service) is a provider built
 * with `new` from the providers (or configuration slices) its constructor names, in order. The
 * domain stays free of Nest decorators; a class's dependencies are listed where it is provided.
 */
export function domainProvider<T>(
  type: new (...args: never[]) => T,
  dependencies: readonly DomainDependency[] = [],
): Provider {
  const tokens = dependencies.filter((d): d is InjectionToken => !(d instanceof ConfigSlice));
  return {
    provide: type,
    useFactory: (config: AppConfig, ...resolved: unknown[]) => {
      let next = 0;
      const args = dependencies.map((d) => (d instanceof ConfigSlice ? d.pick(config) : resolved[next++]));
      return new (type as unknown as new (...args: unknown[]) => T)(...args);
    },
    inject: [APP_CONFIG, ...tokens],
  };
}
