export declare const vikeOutDirOption: (env?: NodeJS.ProcessEnv) => string
export declare const buildStateFile: string
