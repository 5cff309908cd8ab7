import type { Candidate, CandidateAccept, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminBase, invalidateCandidates } from './common';
import * as queryKeys from '@/lib/query-keys';

export type Decision = 'accept' | 'reject';

/** What the board chose in the accept dialog besides the decision. */
export interface AcceptChoices {
  /** confirmed despite possible duplicates */
  confirmDuplicates?: boolean;
  /** a category of the current season (left out: its default) */
  categoryId?: number;
  /** later seasons (renewed already) the new member joins too */
  laterSeasonIds?: number[];
}

/**
 * `POST .../candidates/{id}/accept` or `/reject` with body `{ id }` (docs/domain-rules.md «Wire names»); an accept adds what
 * the board chose: `confirmDuplicates: true`, `categoryId`, `laterSeasonIds`.
 */
export async function decideCandidate({
  id,
  decision,
  ...choices
}: { id: number; decision: Decision } & AcceptChoices): Promise<Candidate> {
  const body: CandidateAccept = { id };
  if (decision === 'accept') {
    if (choices.confirmDuplicates) body.confirmDuplicates = true;
    if (choices.categoryId !== undefined) body.categoryId = choices.categoryId;
    if (choices.laterSeasonIds?.length) body.laterSeasonIds = choices.laterSeasonIds;
  }
  return unwrapItem(await api.post<ItemEnvelope<Candidate>>(`${adminBase}/${id}/${decision}`, body));
}

export function useDecideCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCandidate,
    onSuccess: async (candidate) => {
      queryClient.setQueryData(queryKeys.candidates.detail(candidate.id), candidate);
      await Promise.all([invalidateCandidates(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.seasons.all })]);
    },
    onError: () => invalidateCandidates(queryClient),
  });
}
