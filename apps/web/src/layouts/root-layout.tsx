import { Suspense } from 'react';
import { PageLoader } from '../components/page-loader';
import { ScrollToTop } from '../components/scroll-to-top';
import { SessionGate } from '../features/auth/components/session-gate';

/** Top of the route tree: scroll restoration and the session check for non-public paths. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      {/* the layouts themselves load lazily (the login page does not carry the app shell) */}
      <Suspense fallback={<PageLoader />}>
        <SessionGate />
      </Suspense>
    </>
  );
}
