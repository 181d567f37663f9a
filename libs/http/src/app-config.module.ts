import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '@canton-scan/domain';

/** Injection token of the process's validated configuration: `@Inject(APP_CONFIG) config: AppConfig`. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** Makes the validated AppConfig injectable everywhere in an app (import once, in its root module). */
@Global()
@Module({})
export class AppConfigModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: AppConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
