import { createContext } from 'react'

/**
 * The path of the page being rendered, given by the server to every island (islands/Island.tsx): a form carries
 * it as the page it is sent from when it is posted without JavaScript. Undefined in the browser.
 */
export const PagePath = createContext<string | undefined>(undefined)
