/** Query keys of the contact form, from broad to narrow. */
export const contactKeys = {
  all: ['contact'] as const,
  recipients: ['contact', 'recipients'] as const,
  adminRecipients: ['contact', 'recipients', 'admin'] as const,
};
