import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { NewsletterModal } from '../../public/newsletter/newsletter-modal.tsx';

const NewsletterContext = createContext<() => void>(() => {});

/** Holds the one newsletter dialog of the public site; any page can open it with useOpenNewsletter(). */
export function NewsletterProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openNewsletter = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => openNewsletter, [openNewsletter]);
  return (
    <NewsletterContext.Provider value={value}>
      {children}
      <NewsletterModal open={open} onClose={close} />
    </NewsletterContext.Provider>
  );
}

export const useOpenNewsletter = () => useContext(NewsletterContext);
