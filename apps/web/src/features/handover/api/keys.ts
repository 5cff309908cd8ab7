/** Query keys of the hand-over screens, from broad to narrow. */
export type HandoverKind = 'game' | 'event';

export const handoverKeys = {
  all: ['handover'] as const,
  list: (kind: HandoverKind, id: number) => [...handoverKeys.all, kind, id] as const,
};
