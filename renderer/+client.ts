import { hydrateIslands } from '../site/islands/hydrate'

hydrateIslands()
