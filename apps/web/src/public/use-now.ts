import { useState } from 'react';

/**
 * The moment the page was shown, fixed for its lifetime: "upcoming" is judged against it, so a list
 * does not change under the visitor's eyes (and one render uses one instant everywhere).
 */
export function useNow(): Date {
  const [now] = useState(() => new Date());
  return now;
}
