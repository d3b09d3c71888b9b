import { CONTACT_REQUEST_TYPES, PHONE_REQUIRED_REQUEST_TYPES } from '@bande/shared/constants';
import { phoneHref } from '@bande/shared/format/phone';
import { frenchTypography } from '@bande/shared/format/french-typography';
import type { PageTextKey } from '@bande/shared/page-texts';
import { usePageWords, useSiteContent } from '../../lib/site-content.ts';
import styles from './contact-page.module.css';

type RequestType = (typeof CONTACT_REQUEST_TYPES)[number];

/** Each request type's explanation: a page text staff change in « Textes du site ». */
const REQUEST_TYPE_HELP: Record<RequestType, PageTextKey> = {
  'Spectacle sur mesure': 'contactHelpCustomShow',
  'Intervention culturelle': 'contactHelpIntervention',
  "Demande d'information": 'contactHelpInformation',
  Autre: 'contactHelpOther',
};

/** How to reach the troupe, beside the form. */
export function ContactInfo() {
  // The details staff keep in « Textes du site » (read by the server with every page).
  const { associationName, contact } = useSiteContent();
  const words = usePageWords();
  const addressLines = contact.address.split('\n').map((line) => line.trim()).filter(Boolean);
  const tel = phoneHref(contact.phone);
  return (
    <aside className={styles.info} aria-labelledby="joindre-la-bande">
      <h2 id="joindre-la-bande" className={styles.infoTitle}>
        Joindre la Bande
      </h2>
      <ul role="list" className={styles.channels}>
        <li>
          <Icon path="M3 6h18v12H3z M3 7l9 6 9-6" />
          <div>
            <p className={styles.channelLabel}>Par email</p>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </div>
        </li>
        <li>
          <Icon path="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z" />
          <div>
            <p className={styles.channelLabel}>Par téléphone</p>
            {tel ? <a href={`tel:${tel}`}>{contact.phone}</a> : <span>{contact.phone}</span>}
            {contact.hours ? <p className={styles.channelNote}>{frenchTypography(contact.hours)}</p> : null}
          </div>
        </li>
        <li>
          <Icon path="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z" />
          <div>
            <p className={styles.channelLabel}>Par courrier</p>
            <address className={styles.address}>
              {associationName}
              {addressLines.map((line) => (
                <span key={line}>
                  <br />
                  {line}
                </span>
              ))}
            </address>
          </div>
        </li>
      </ul>
      <p className={styles.delay}>
        <strong>
          Nous répondons sous {contact.responseDays} jour{contact.responseDays > 1 ? 's' : ''} ouvré{contact.responseDays > 1 ? 's' : ''}.
        </strong>{' '}
        {words('contactDelayNote')}
      </p>

      <h3 className={styles.typesTitle}>Quelle demande choisir&nbsp;?</h3>
      <dl className={styles.types}>
        {CONTACT_REQUEST_TYPES.map((type) => (
          <div key={type} className={styles.type}>
            <dt>
              {type}
              {PHONE_REQUIRED_REQUEST_TYPES.includes(type) ? <span className={styles.phoneBadge}>téléphone requis</span> : null}
            </dt>
            <dd>{words(REQUEST_TYPE_HELP[type])}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

function Icon({ path }: { path: string }) {
  return (
    <span className={styles.channelIcon} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
