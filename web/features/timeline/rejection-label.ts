import type { CassetteRejection } from '../../../core/index.ts';

/**
 * What a refused request is called. Only a request the API itself would refuse is a "400 from
 * the API"; one that is valid but not the recorded one is a mismatch with the recording.
 */
export function rejectionLabel(rejection: CassetteRejection): string {
  switch (rejection.kind) {
    case 'invalid-request':
      return `${rejection.status} from the API`;
    case 'divergence':
      return 'mismatch with the recording';
    case 'exhausted':
      return 'past the end of the recording';
  }
}

/** The heading of a refused request's note. */
export function rejectionTitle(rejection: CassetteRejection): string {
  switch (rejection.kind) {
    case 'invalid-request':
      return 'The API would reject this request';
    case 'divergence':
      return 'This request does not match the recording';
    case 'exhausted':
      return 'The recording has no more turns';
  }
}
