import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from './session.ts';

export type Theme = 'light' | 'dark';

interface ThemeApi {
  theme: Theme;
  toggle: () => void;
}

const ThemeContext = createContext<ThemeApi>({ theme: 'light', toggle: () => {} });

/** Page colour behind the admin root (overscroll, scrollbars): the same as --a-bg of each theme. */
const PAGE_BACKGROUND: Record<Theme, string> = { light: '#f4f5f7', dark: '#0f1217' };

function initialTheme(): Theme {
  if (typeof window === 'undefined') return 'light';
  const stored = readStored(STORAGE_KEYS.theme);
  if (stored === 'dark' || stored === 'light') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * The admin theme (spec section 2): remembered in admin_theme and applied only while an /admin page is
 * shown — the public site is never themed by it (the page colours are restored on the way out).
 */
export function ThemeProvider({ children }: { children: (theme: Theme) => ReactNode }) {
  const [theme, setTheme] = useState<Theme>(initialTheme);

  useEffect(() => {
    const root = document.documentElement;
    const previous = { scheme: root.style.colorScheme, background: document.body.style.backgroundColor };
    root.style.colorScheme = theme;
    document.body.style.backgroundColor = PAGE_BACKGROUND[theme];
    return () => {
      root.style.colorScheme = previous.scheme;
      document.body.style.backgroundColor = previous.background;
    };
  }, [theme]);

  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      writeStored(STORAGE_KEYS.theme, next);
      return next;
    });
  }, []);

  const api = useMemo(() => ({ theme, toggle }), [theme, toggle]);
  return <ThemeContext.Provider value={api}>{children(theme)}</ThemeContext.Provider>;
}

export const useTheme = () => useContext(ThemeContext);
