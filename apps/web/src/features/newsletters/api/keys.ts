/** Query keys of newsletters, from broad to narrow. */
export const newsletterKeys = {
  all: ['newsletters'] as const,
  list: ['newsletters', 'list'] as const,
};
