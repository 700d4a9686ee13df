import type { TestProject } from 'vitest/node'
import { startPostgres } from '../../scripts/postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway server's admin URL; each test app gets a database of its own on it. */
    postgresUrl: string
  }
}

/** One PostgreSQL server for the whole `postgres` project, removed at the end. */
export default async function setup(project: TestProject) {
  const server = await startPostgres()
  project.provide('postgresUrl', server.url)
  return () => server.remove()
}
