// Public API of the scan read side (add exports here).
