// Public API of the registry read side (add exports here).
