import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { lazyModal } from '../../components/lazy-modal.tsx';

// The subscription form is fetched on first opening: no page's first visit downloads it.
const NewsletterModal = lazyModal(() => import('../../public/newsletter/newsletter-modal.tsx').then((module) => module.NewsletterModal));

/** Fetches the dialog's code ahead of its opening (the pointer or the focus is on a button that opens it). */
export const preloadNewsletter = NewsletterModal.preload;

const NewsletterContext = createContext<() => void>(() => {});

/** Holds the one newsletter dialog of the public site; any page can open it with useOpenNewsletter(). */
export function NewsletterProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openNewsletter = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  return (
    <NewsletterContext.Provider value={openNewsletter}>
      {children}
      <NewsletterModal open={open} onClose={close} />
    </NewsletterContext.Provider>
  );
}

export const useOpenNewsletter = () => useContext(NewsletterContext);
