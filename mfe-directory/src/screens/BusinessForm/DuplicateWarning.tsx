import { Link } from 'react-router-dom';
import type { DuplicateCandidate } from '@zaytoon/contract/client';
import { useContractMessages, type ContractTranslate } from '@zaytoon/web-kit/contract-messages';
import warning from './DuplicateWarning.module.css';

const distanceLabel = (candidate: DuplicateCandidate, message: ContractTranslate) =>
  candidate.same_postcode ? message('samePostcode') : candidate.distance_m === null ? '' : `${candidate.distance_m} m`;

/** 'This may already be listed': a polite live region, so a screen reader hears it without losing its place. */
export function DuplicateWarning({ candidates }: { candidates: DuplicateCandidate[] }) {
  const message = useContractMessages();
  return (
    <div role="status" aria-live="polite" data-testid="duplicate-warning">
      {candidates.length > 0 && (
        <div className={warning.box}>
          <p className={warning.title}>{message('duplicateWarning')}</p>
          <ul className={warning.list}>
            {candidates.map((candidate) => (
              <li key={candidate.id} data-testid="duplicate-candidate">
                <Link to={`/business/${candidate.id}`} target="_blank" rel="noopener">
                  <bdi>{candidate.name}</bdi>
                </Link>
                <span className={warning.meta}>
                  {candidate.address}, {candidate.postcode} · {distanceLabel(candidate, message)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
