import { Controller, Get } from '@nestjs/common';
import { notImplemented } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';
import type { scanApi } from '@canton-scan/contracts';

const TOPOLOGY =
  'this stack records the ledger history, not the synchronizer topology state this operation reads; use a Splice scan of the network for it';
const REWARD_HASHING =
  'the hashing of CIP-0104 reward accounting batches is not published, so no root hash or batch could agree with a Splice scan; per-round activity totals are served at /v0/internal/reward-accounting-process/rounds/{round_number}/activity-totals';

/**
 * Operations of upstream's scan this stack cannot serve truthfully (specs/scan.yaml tag
 * `not-implemented`): each answers 501 in the scan error format, stating why. Inputs are still
 * validated, so a malformed request is a 400 as everywhere else.
 */
@Controller('v0')
export class NotImplementedController {
  @Get('lsu')
  lsu(): never {
    throw notImplemented(`logical synchronizer upgrades: ${TOPOLOGY}`);
  }

  @Get('roll-forward-lsu')
  rollForwardLsu(): never {
    throw notImplemented(`roll-forward logical synchronizer upgrades: ${TOPOLOGY}`);
  }

  @Get('active-synchronizer-serial')
  activeSynchronizerSerial(): never {
    throw notImplemented(`the physical synchronizer serial: ${TOPOLOGY}`);
  }

  @Get('synchronizer-identities/:domain_id_prefix')
  synchronizerIdentities(@ValidInput() _input: scanApi.GetSynchronizerIdentitiesData): never {
    throw notImplemented(`synchronizer identities: ${TOPOLOGY}`);
  }

  @Get('synchronizer-bootstrapping-transactions/:domain_id_prefix')
  synchronizerBootstrappingTransactions(
    @ValidInput() _input: scanApi.GetSynchronizerBootstrappingTransactionsData,
  ): never {
    throw notImplemented(`synchronizer bootstrapping transactions: ${TOPOLOGY}`);
  }

  @Get('internal/reward-accounting-process/rounds/:round_number/root-hash')
  rewardRootHash(@ValidInput() _input: scanApi.GetRewardAccountingRootHashData): never {
    throw notImplemented(`reward accounting root hashes: ${REWARD_HASHING}`);
  }

  @Get('internal/reward-accounting-process/rounds/:round_number/batches/:batch_hash')
  rewardBatch(@ValidInput() _input: scanApi.GetRewardAccountingBatchData): never {
    throw notImplemented(`reward accounting batches: ${REWARD_HASHING}`);
  }
}
