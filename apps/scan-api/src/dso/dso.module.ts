import { Module } from '@nestjs/common';
import { DsoInfoService } from '@canton-scan/domain';
import { dsoInfoProvider } from './dso-info.provider';

/**
 * DSO information, shared by the scan group (public `GET /v0/dso`) and the validator proxy
 * (`GET /v0/scan-proxy/dso`). Providers only: each group declares its own controller so that
 * it is served under that group's prefix.
 */
@Module({ providers: [dsoInfoProvider], exports: [DsoInfoService] })
export class DsoModule {}
