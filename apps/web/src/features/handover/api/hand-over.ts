import type { HandoverItem, HandoverResult, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, unwrapItem } from '@/lib/api-client';
import type { HandoverKind } from '@/lib/query-keys';
import * as queryKeys from '@/lib/query-keys';

const itemPath = (kind: HandoverKind, itemId: number) =>
  `/api/v1/admin/${kind === 'game' ? 'ticketreservations' : 'eventsubscriptions'}/${itemId}/handover`;

/** `POST .../handover` (given: true) or `DELETE .../handover` (undone); both idempotent on the server. */
export async function setHandedOver(kind: HandoverKind, itemId: number, given: boolean): Promise<HandoverResult | null> {
  if (!given) {
    await api.delete(itemPath(kind, itemId));
    return null;
  }
  return unwrapItem(await api.post<ItemEnvelope<HandoverResult>>(itemPath(kind, itemId), undefined));
}

/** Tried again until the server answers: no connection (0), or a server that is busy or restarting (5xx). */
export function retryUntilAnswered(_failureCount: number, error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}

/** 1 s, 2 s, 4 s … at most 15 s between tries. */
export const retryDelay = (attempt: number) => Math.min(15_000, 1_000 * 2 ** attempt);

/**
 * Hand over (or undo) with the list updated at once: the tap shows immediately (also while an
 * earlier call for the entry still waits), the request is retried until it is answered, and the
 * calls for one entry run one after the other (a quick undo cannot overtake its hand-over). A
 * refusal (4xx) puts the entry back as it was before the tap.
 */
export function useSetHandedOver(kind: HandoverKind, listId: number, itemId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.handover.list(kind, listId);
  const current = () => queryClient.getQueryData<HandoverItem[]>(key)?.find((i) => i.id === itemId)?.handedOverAt ?? null;
  const patch = (handedOverAt: string | null) =>
    queryClient.setQueryData<HandoverItem[]>(key, (items) => items?.map((i) => (i.id === itemId ? { ...i, handedOverAt } : i)));
  const mutation = useMutation({
    mutationFn: ({ given }: { given: boolean; before: string | null }) => setHandedOver(kind, itemId, given),
    scope: { id: `handover-${kind}-${itemId}` },
    retry: retryUntilAnswered,
    retryDelay,
    // Paused while the phone is offline, sent when it is back.
    networkMode: 'online',
    // The server keeps the first hand-over's time; shown unless the entry was undone meanwhile.
    onSuccess: (result) => {
      if (result && current() !== null) patch(result.handedOverAt);
    },
    onError: (_error, { before }) => patch(before),
  });
  const set = (given: boolean, now = new Date()) => {
    const before = current();
    patch(given ? now.toISOString() : null);
    mutation.mutate({ given, before });
  };
  return { set, isPending: mutation.isPending, isPaused: mutation.isPaused, error: mutation.error };
}
