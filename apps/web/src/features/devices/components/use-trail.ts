import type { Position } from '@waymark/contracts/device';
import { useEffect, useState } from 'react';

/** Default live route length: the last 10 positions. */
export const TRAIL_LENGTH = 10;

/** The last positions seen of one device while the page is open, oldest first. */
export function useTrail(position: Position | undefined, length = TRAIL_LENGTH): Position[] {
  const [trail, setTrail] = useState<Position[]>([]);
  useEffect(() => {
    if (!position) return;
    setTrail((current) => {
      if (current.at(-1)?.id === position.id) return current;
      return [...current, position].slice(-length);
    });
  }, [position, length]);
  return trail;
}
