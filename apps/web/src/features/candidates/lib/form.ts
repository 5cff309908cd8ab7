import { candidateAdminInputSchema, candidateApplicationSchema, type Candidate, type CandidateAdminInput } from '@club/contract';
import { z } from 'zod';
import { addressFieldPaths, emptyAddress } from '@/components/ui/address-fields';

/** An empty form: every text field '' (so inputs stay controlled), country CH. */
export function emptyCandidateForm(): CandidateAdminInput {
  return {
    firstName: '',
    lastName: '',
    email: '',
    dateOfBirth: '',
    address: { ...emptyAddress },
    mobile: '',
    landLine: '',
    remarks: '',
  };
}

/** A stored application as form values (for the board's edit form). */
export function candidateFormValues(c: Candidate): CandidateAdminInput {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    dateOfBirth: c.dateOfBirth,
    address: { ...c.address },
    mobile: c.mobile,
    landLine: c.landLine,
    remarks: c.remarks,
    applicationDate: c.applicationDate,
  };
}

/** Every field path of the form, as the server names them in `error.fields`. */
export const CANDIDATE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'dateOfBirth',
  ...addressFieldPaths('address'),
  'mobile',
  'landLine',
  'remarks',
  'applicationDate',
  'categoryId',
  'statutesRead',
];

/**
 * The board's form of a paper application: the contract's schema, where an empty "received on"
 * field means today (the body then leaves the date out).
 */
export const paperCandidateFormSchema = candidateAdminInputSchema.extend({
  applicationDate: z
    .union([z.literal(''), candidateAdminInputSchema.shape.applicationDate.unwrap()])
    .optional()
    .transform((date) => date || undefined),
});
export type PaperCandidateFormInput = z.input<typeof paperCandidateFormSchema>;
export type PaperCandidateFormData = z.output<typeof paperCandidateFormSchema>;

/**
 * The public form: the contract's application with the category as the chosen radio button's value
 * ('' or absent: none offered, the season's default) and the statutes as a checkbox that must be ticked.
 */
export const applicationFormSchema = candidateApplicationSchema.extend({
  categoryId: z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : undefined))
    .pipe(candidateApplicationSchema.shape.categoryId),
  statutesRead: z.boolean().pipe(candidateApplicationSchema.shape.statutesRead),
});
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;
export type ApplicationFormData = z.output<typeof applicationFormSchema>;
