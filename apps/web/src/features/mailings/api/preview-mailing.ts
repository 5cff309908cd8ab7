import type { ItemEnvelope, MailingGroup, MailingPreview, MailingPreviewBody } from '@club/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `POST /api/v1/admin/mailings/preview`: the group's name and how many members would get the mail. */
export async function previewMailing(body: MailingPreviewBody, { signal }: { signal?: AbortSignal } = {}): Promise<MailingPreview> {
  return unwrapItem(await api.post<ItemEnvelope<MailingPreview>>('/api/v1/admin/mailings/preview', body, { signal }));
}

function previewQueryOptions(group: MailingGroup) {
  return queryOptions({
    queryKey: queryKeys.mailings.preview(group.kind, 'id' in group ? (group.id ?? null) : null),
    queryFn: ({ signal }) => previewMailing({ group }, { signal }),
  });
}

/** The count of the chosen group, read again as the choice changes (null: the group is not chosen yet). */
export function useMailingPreview(group: MailingGroup | null) {
  return useQuery({
    ...previewQueryOptions(group ?? { kind: 'BOARD' }),
    enabled: group !== null,
    placeholderData: keepPreviousData,
  });
}

/** The mail as the group gets it (subject, text rendered, the count), asked for with the form's «Vorschau». */
export function useMailPreview() {
  return useMutation({ mutationFn: (body: MailingPreviewBody) => previewMailing(body) });
}
