// The welcome email links here (forms-service/email/messages.ts, unsubscribePagePath: '/unsubscribe/').
export default '/unsubscribe'
