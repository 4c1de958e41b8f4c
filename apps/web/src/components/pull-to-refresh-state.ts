/**
 * The client contract's pull-to-refresh states: pulling (not far enough yet), reached (release to refresh),
 * aborting (let go too early: springs back), refreshing, restoring (done: the head closes). `idle` is the
 * rest position.
 */
export type PullStatus = 'idle' | 'pulling' | 'reached' | 'aborting' | 'refreshing' | 'restoring';

export interface PullState {
  status: PullStatus;
  /** How far the content is pulled down, in px. */
  distance: number;
}

export type PullEvent =
  { type: 'move'; distance: number } | { type: 'release' } | { type: 'refreshed' } | { type: 'settled' };

/** Pull this far (after damping) to be allowed to refresh. */
export const PULL_THRESHOLD = 60;
/** The head's height while refreshing. */
export const HEAD_HEIGHT = 48;
export const MAX_PULL = 120;
/** docs/product.md, Client contract: 0.3 s for the content to spring back or settle into refreshing… */
export const RELEASE_MS = 300;
/** …and 0.2 s for the head to close once the refresh is done. */
export const RESTORE_MS = 200;

export const INITIAL_PULL: PullState = { status: 'idle', distance: 0 };

/** A finger's travel becomes a shorter, heavier pull. */
export function damp(travel: number): number {
  if (travel <= 0) return 0;
  return Math.min(MAX_PULL, travel * 0.5);
}

export function pullReducer(state: PullState, event: PullEvent): PullState {
  switch (event.type) {
    case 'move': {
      if (!['idle', 'pulling', 'reached'].includes(state.status)) return state;
      const distance = Math.max(0, Math.min(MAX_PULL, event.distance));
      if (distance === 0) return INITIAL_PULL;
      return { status: distance >= PULL_THRESHOLD ? 'reached' : 'pulling', distance };
    }
    case 'release':
      if (state.status === 'reached') return { status: 'refreshing', distance: HEAD_HEIGHT };
      if (state.status === 'pulling') return { status: 'aborting', distance: 0 };
      return state;
    case 'refreshed':
      return state.status === 'refreshing' ? { status: 'restoring', distance: 0 } : state;
    case 'settled':
      return state.status === 'aborting' || state.status === 'restoring' ? INITIAL_PULL : state;
  }
}

/** How long the content's move to its new position animates in each state. */
export function transitionMs(status: PullStatus): number {
  if (status === 'aborting' || status === 'refreshing') return RELEASE_MS;
  if (status === 'restoring') return RESTORE_MS;
  return 0;
}
