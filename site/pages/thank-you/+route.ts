// '/thank-you/consultation', '/thank-you/contact', '/thank-you/newsletter' (thankYouPath): where the
// forms service sends a visitor whose form it stored without JavaScript.
export default '/thank-you/@form'
