// Public API of the ledger read side (add exports here).
