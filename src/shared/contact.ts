export const CONTACT_MESSAGE_MAX = 5000
export const EMAIL_MAX = 254
