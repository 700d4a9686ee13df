/**
 * The consultation form's messages for a form with every required field missing, written out here
 * rather than imported from the schema they check, for the service's tests and the browser
 * validators' tests alike.
 */
export const everyConsultationFieldMissing = {
  businessName: 'Business name is required',
  contactName: 'Contact name is required',
  email: 'Email is required',
  phone: 'Phone number is required',
  serviceInterest: 'Please select a service',
  date: 'Please select a date',
  timeSlot: 'Please select a time slot',
}
