export * from './envelope.ts';
export * from './errors.ts';
export * from './common.ts';
export * from './dates.ts';
export * from './teams.ts';
export * from './member.ts';
export * from './tickets.ts';
export * from './invoices.ts';
export * from './seasons.ts';
export * from './site.ts';
export * from './member-admin.ts';
export * from './candidates.ts';
export * from './newsletters.ts';
export * from './contact.ts';
export * from './events.ts';
export * from './reports.ts';
export * from './payments.ts';

import './locale.ts';
