export declare function loadEnvironment(file?: string): boolean
export declare function unsetEmpty(env?: NodeJS.ProcessEnv): void
export declare function buildEnvironmentProblems(env?: NodeJS.ProcessEnv): string[]
export declare function portOf(env: NodeJS.ProcessEnv, fallback: number): number
