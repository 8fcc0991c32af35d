import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Scrolls the window smoothly to the top whenever the page (path) changes. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose on each path change
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
