export declare function lockBuilds(): void
