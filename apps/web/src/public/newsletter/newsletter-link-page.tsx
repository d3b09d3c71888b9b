import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { newsletterTexts } from '@bande/shared/schemas/newsletter';
import { texts } from '@bande/shared/texts';
import { ApiError, apiSend } from '../../lib/api-client.ts';
import { usePageHead } from '../../app/head/index.ts';
import { Button } from '../../components/button.tsx';
import { Alert, Loading } from '../../components/feedback.tsx';
import styles from '../../components/link-page.module.css';

interface LinkPageProps {
  title: string;
  description: string;
  pending: string;
  /** POST /api/newsletter/confirm or /unsubscribe. */
  apiPath: string;
}

type State = { kind: 'pending' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * The page a newsletter mail's link opens: it reads `token` from its query and sends it to the API
 * from the browser, once, on load (never at render time: the server renders only the waiting state,
 * and a link prefetched by a mail scanner confirms nothing before a person opens it in a browser).
 */
export function NewsletterLinkPage({ title, description, pending, apiPath }: LinkPageProps) {
  usePageHead({ title, description, noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'pending' });
  // Once per page load: an unsubscribe sent twice (React's development double effects) would answer 404.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setState({ kind: 'failed', message: newsletterTexts.missingToken });
      return;
    }
    apiSend<{ message: string }>('POST', apiPath, { token }).then(
      (answer) => setState({ kind: 'done', message: answer.message }),
      (error: unknown) => setState({ kind: 'failed', message: error instanceof ApiError && typeof error.body.error === 'string' ? error.body.error : texts.errors.generic }),
    );
  }, [apiPath, token]);

  return (
    <section className={styles.page} aria-labelledby="newsletter-link-title">
      <div className={styles.card}>
        <h1 id="newsletter-link-title" className={styles.title}>
          {title}
        </h1>
        <div className={styles.body}>
          {state.kind === 'pending' ? <Loading label={pending} /> : <Alert tone={state.kind === 'done' ? 'success' : 'error'}>{state.message}</Alert>}
        </div>
        <Button to="/">{newsletterTexts.backHome}</Button>
      </div>
    </section>
  );
}
