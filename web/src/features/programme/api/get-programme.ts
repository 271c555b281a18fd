import type { PublicProgramme } from '@contract/programme';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';

// The public page's one request: a plain call, no query cache, so /programa loads no signed-in code.

export function getPublicProgramme() {
  return api<PublicProgramme>('/programme');
}

export type ProgrammeState =
  | { status: 'loading' }
  | { status: 'ready'; programme: PublicProgramme }
  | { status: 'failed'; error: unknown };

/** The public programme, asked for once when the screen mounts. */
export function usePublicProgramme(): ProgrammeState {
  const [state, setState] = useState<ProgrammeState>({ status: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    getPublicProgramme().then(
      (programme) => isCurrent && setState({ status: 'ready', programme }),
      (error: unknown) => isCurrent && setState({ status: 'failed', error }),
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return state;
}
