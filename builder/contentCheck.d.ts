import type { ContentCheck } from './checkContent.ts'

export declare const fromLauncher: string
export declare const wanted: string
export declare function contentCheck(env?: NodeJS.ProcessEnv): Promise<ContentCheck>
export declare function bundleForWorker(input: string, file: string): Promise<void>
