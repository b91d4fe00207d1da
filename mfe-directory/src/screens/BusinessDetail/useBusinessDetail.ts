import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  isApiError,
  MESSAGES,
  type Business,
  type CanEdit,
  type Comment,
  type Suggestion,
  type VoteSummary,
} from '@zaytoon/client';
import { useHost, useSession } from '../../host';

export type LoadState = 'loading' | 'ready' | 'missing';

/** Everything the detail screen shows. Only the business itself is required; the rest fail quietly (SPEC §8). */
export function useBusinessDetail(id: string | undefined) {
  const { api, toast } = useHost();
  const navigate = useNavigate();
  const userId = useSession((state) => state.user?.id ?? null);
  const [state, setState] = useState<LoadState>('loading');
  const [business, setBusiness] = useState<Business | null>(null);
  const [votes, setVotes] = useState<VoteSummary | null>(null);
  const [canEdit, setCanEdit] = useState<CanEdit>({ can_edit: false, is_owner: false });
  const [comments, setComments] = useState<Comment[]>([]);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);

  const loadComments = useCallback(async () => {
    if (!id) return;
    try {
      const list = await api.listComments(id);
      setComments(Array.isArray(list) ? list : []);
    } catch (error) {
      console.error('comments failed', error);
    }
  }, [api, id]);

  const loadSuggestions = useCallback(async () => {
    if (!id) return;
    try {
      const list = await api.listSuggestions(id);
      setSuggestions(Array.isArray(list) ? list : []);
    } catch (error) {
      console.error('suggestions failed', error);
    }
  }, [api, id]);

  useEffect(() => {
    if (!id || !/^\d+$/.test(id)) {
      setState('missing');
      return;
    }
    let current = true;
    setState('loading');
    api.getBusiness(id).then(
      (answer) => {
        if (!current) return;
        setBusiness(answer);
        setState('ready');
      },
      (error) => {
        if (!current) return;
        console.error('business failed', error);
        if (isApiError(error) && error.status === 404) {
          toast.error(MESSAGES.businessNotFound);
          navigate('/dashboard', { replace: true });
        }
        setState('missing');
      },
    );
    return () => {
      current = false;
    };
  }, [api, id, navigate, toast, userId]);

  useEffect(() => {
    if (!id || !/^\d+$/.test(id)) return;
    let current = true;
    api.getVotes(id).then(
      (answer) => current && setVotes(answer),
      (error) => console.error('votes failed', error),
    );
    if (userId !== null) {
      api.canEdit(id).then(
        (answer) => current && setCanEdit(answer),
        (error) => {
          console.error('can-edit failed', error);
          if (current) setCanEdit({ can_edit: false, is_owner: false });
        },
      );
    } else {
      setCanEdit({ can_edit: false, is_owner: false });
    }
    void loadComments();
    void loadSuggestions();
    return () => {
      current = false;
    };
  }, [api, id, userId, loadComments, loadSuggestions]);

  return { state, business, votes, setVotes, canEdit, comments, loadComments, suggestions, loadSuggestions };
}
