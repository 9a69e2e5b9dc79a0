import type { User } from '@otkrytka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sandboxKeys, useSandboxList } from '../sandbox/queries';
import type { ViewerCard, ViewerChannel, ViewerMode } from './types';

/** The cards the viewer swipes through, in the order the spec gives for each mode. */
export interface ViewerSource {
  cards: ViewerCard[] | undefined;
  cardsLoading: boolean;
  channel: ViewerChannel | null;
  channelLoading: boolean;
  error: unknown;
  retry(): void;
  /** drops a deleted card from the lists it came from */
  remove(id: number): void;
}

/** Sandbox mode: the user's sandbox list, in its own order (oldest first). */
export function useSandboxSource(user: User | null): ViewerSource {
  const qc = useQueryClient();
  const list = useSandboxList(user?.id ?? null);
  const remove = useCallback(() => void qc.invalidateQueries({ queryKey: sandboxKeys.all }), [qc]);
  return {
    cards: list.data?.items,
    cardsLoading: list.isPending && list.fetchStatus !== 'idle',
    channel: null,
    channelLoading: false,
    error: list.error,
    retry: () => void list.refetch(),
    remove,
  };
}

export function useViewerSource(mode: ViewerMode, _channelId: number | null, _search: URLSearchParams, user: User | null): ViewerSource {
  const sandbox = useSandboxSource(mode === 'sandbox' ? user : null);
  return sandbox;
}
