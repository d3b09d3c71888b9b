import { useEffect } from 'react';
import { SITE_NAME } from '@bande/shared/texts';

/** Sets the tab title ('Spectacles — La Bande à Lire'); in an effect, so server rendering never touches document. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title === null || title === undefined) return;
    document.title = title === SITE_NAME ? `${SITE_NAME} — lectures théâtrales` : `${title} — ${SITE_NAME}`;
  }, [title]);
}
