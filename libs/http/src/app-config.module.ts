import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '@canton-scan/domain';
import { APP_VERSION } from './health/app-version';

/** Injection token of the process's validated configuration: `@Inject(APP_CONFIG) config: AppConfig`. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * Makes the validated AppConfig (and the app's release version, APP_VERSION) injectable
 * everywhere in an app (import once, in its root module).
 */
@Global()
@Module({})
export class AppConfigModule {
  static forConfig(config: AppConfig, version?: string): DynamicModule {
    return {
      module: AppConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_VERSION, useValue: version ?? null },
      ],
      exports: [APP_CONFIG, APP_VERSION],
    };
  }
}
