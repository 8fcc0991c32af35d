import { ScrollToTop } from '../components/scroll-to-top';
import { SessionGate } from '../features/auth/components/session-gate';

/** Top of the route tree: scroll restoration and the session check for non-public paths. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <SessionGate />
    </>
  );
}
