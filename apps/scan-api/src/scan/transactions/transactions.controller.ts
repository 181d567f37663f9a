import { Controller, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { type TransactionHistoryPage, TransactionLogService } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** Scan's deprecated amulet transaction log: public. */
@Controller('v0')
export class TransactionsController {
  constructor(private readonly transactionLog: TransactionLogService) {}

  @Post('transactions')
  @HttpCode(200)
  list(@ValidInput() { body }: scanApi.ListTransactionHistoryData): Promise<TransactionHistoryPage> {
    return this.transactionLog.listTransactions(body);
  }
}
