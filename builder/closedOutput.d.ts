export declare function buildWithoutClosedOutput(): void
