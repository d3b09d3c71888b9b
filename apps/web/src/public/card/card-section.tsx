import { Container } from '../../components/layout.tsx';
import { Button } from '../../components/button.tsx';
import { CardRequestModal } from './card-request-modal.tsx';
import styles from './card-section.module.css';
import { frenchTypography } from '@bande/shared/format/french-typography';

export interface CardSectionProps {
  title: string;
  description: string;
  buttonText: string;
  /** Opens the request dialog (absent in the admin preview, where the button only shows). */
  onRequest?: () => void;
}

/** The subscriber-card call to action: a gilt-edged ticket beside the association's own words. */
export function CardSection({ title, description, buttonText, onRequest }: CardSectionProps) {
  return (
    <section className={styles.band} aria-labelledby="carte-titre">
      <Container>
        <div className={styles.inner}>
          <div className={styles.ticket} aria-hidden="true">
            <div className={styles.ticketInner}>
              <span className={styles.ticketKicker}>Carte d&apos;abonné</span>
              <span className={styles.ticketName}>La Bande à Lire</span>
              <span className={styles.ticketSeat}>Saison · Rang A · Place 1</span>
            </div>
          </div>
          <div className={styles.text}>
            <p className={styles.kicker}>Carte d&apos;abonné</p>
            <h2 id="carte-titre" className={styles.title}>
              {title}
            </h2>
            <p className={styles.description}>{frenchTypography(description)}</p>
            <Button
              size="lg"
              onClick={onRequest}
              // The dialog's code comes when the visitor heads for the button, so that the click opens it at once.
              onPointerEnter={onRequest ? CardRequestModal.preload : undefined}
              onFocus={onRequest ? CardRequestModal.preload : undefined}
              aria-haspopup="dialog"
            >
              {buttonText}
            </Button>
          </div>
        </div>
      </Container>
    </section>
  );
}
