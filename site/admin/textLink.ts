/** A link in the admin's running text ("Forgot your password?", "Back to sign in"). */
export const textLink =
  'font-semibold text-primary-strong underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'
