import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** "Changing history scrolls the page to the top" (hash links keep their own target). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      document.getElementById(hash.slice(1))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
