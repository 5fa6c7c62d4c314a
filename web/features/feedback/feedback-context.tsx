import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ensureStrings } from '../../lib/page-strings';

// The dialog and its form load at the first opening, with their strings: most visitors never open it.
const FeedbackDialog = lazy(() =>
  Promise.all([import('./feedback-dialog'), ensureStrings(['feedback'])]).then(([m]) => ({
    default: m.FeedbackDialog,
  })),
);

interface Feedback {
  /** Opens the feedback dialog; focus returns to the element that had it when the dialog closes. */
  open: () => void;
}

const FeedbackContext = createContext<Feedback | null>(null);

/** The site's one feedback dialog, opened from the menu and the footer. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const value = useMemo<Feedback>(
    () => ({
      open: () => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setIsOpen(true);
        setWasOpened(true);
      },
    }),
    [],
  );
  const onClosed = useCallback(() => {
    setIsOpen(false);
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, []);
  return (
    <FeedbackContext.Provider value={value}>
      {children}
      {wasOpened && (
        <Suspense>
          <FeedbackDialog open={isOpen} onClosed={onClosed} />
        </Suspense>
      )}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside FeedbackProvider');
  return feedback;
}
