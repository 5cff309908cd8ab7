import { Prisma } from '../generated/prisma/client.ts';

/** A unique constraint refused the write (Prisma P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}
