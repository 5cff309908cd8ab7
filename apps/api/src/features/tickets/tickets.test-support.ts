import type { Database } from '../../db/client.ts';
import { createMember, unique } from '../../test/factories.ts';
import { loginAs } from '../../test/login.ts';
import { newDrawSeed } from './fair-sale.service.ts';

/** Test helpers of the ticket feature: JSON calls and seeded groups and games. */

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are inspected field by field
export type Json = any;

export type Call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer<Json>>;

/** A JSON client for the API, as a visitor (no cookie) or with a session cookie. */
export function client(baseUrl: string, cookie?: string): Call {
  return async (method, path, body, headers = {}) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
}

/** A member (or board member) logged in through the real login. */
export async function loggedIn(baseUrl: string, database: Database, board = false): Promise<{ id: number; username: string; call: Call }> {
  const member = await createMember(database.prisma, { roles: board ? ['MEMBER', 'MEMBER_OF_THE_BOARD'] : ['MEMBER'] });
  const { cookie } = await loginAs(baseUrl, member.username, member.password);
  return { id: member.id, username: member.username, call: client(baseUrl, cookie) };
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export interface SeededGame {
  groupId: number;
  gameId: number;
  optionIds: number[];
}

/**
 * A group with its own delivery options and one game, written straight into the database
 * (the admin API has its own tests): quota, per-member limit and sales window as given.
 */
export async function seedGame(
  database: Database,
  options: {
    quota?: number;
    perMember?: number;
    priceRappen?: number;
    start?: Date;
    salesOpenAt?: Date | null;
    salesCloseAt?: Date | null;
    opponent?: string;
    options?: number;
    /** A draw at this time (DRAW sale mode with a seed). */
    drawAt?: Date;
  } = {},
): Promise<SeededGame> {
  const db = database.prisma;
  const optionIds: number[] = [];
  for (let i = 0; i < (options.options ?? 2); i++) {
    optionIds.push((await db.deliveryOption.create({ data: { name: unique('Zustelloption ') } })).id);
  }
  const group = await db.gameGroup.create({
    data: {
      name: unique('Gruppe '),
      defaultPricePerTicketRappen: options.priceRappen ?? 3550,
      availableTicketsPerGame: options.quota ?? 30,
      freeTicketAmount: options.perMember ?? 4,
      deliveryOptions: { create: optionIds.map((deliveryOptionId) => ({ deliveryOptionId })) },
    },
  });
  const game = await db.game.create({
    data: {
      gameGroupId: group.id,
      start: options.start ?? new Date(Date.now() + 10 * DAY),
      opponent: options.opponent ?? 'SCB',
      homeGame: true,
      venue: 'Swiss Life Arena',
      salesOpenAt: options.salesOpenAt ?? null,
      salesCloseAt: options.salesCloseAt ?? null,
      ...(options.drawAt ? { saleMode: 'DRAW' as const, drawAt: options.drawAt, drawSeed: newDrawSeed() } : {}),
    },
  });
  return { groupId: group.id, gameId: game.id, optionIds };
}

/** Rows that a refused request must not have written. */
export async function ticketRowCounts(
  database: Database,
): Promise<{ reservations: number; audit: number; groups: number; games: number; options: number }> {
  const db = database.prisma;
  const [reservations, audit, groups, games, options] = await Promise.all([
    db.ticketReservation.count(),
    db.auditLog.count(),
    db.gameGroup.count(),
    db.game.count(),
    db.deliveryOption.count(),
  ]);
  return { reservations, audit, groups, games, options };
}

export function reservePath(gameId: number, optionId: number): string {
  return `/games/${gameId}/deliveryoptions/${optionId}/ticketreservations/`;
}
