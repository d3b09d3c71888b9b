import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Container, PageHeader, Section } from '../../components/layout.tsx';
import { usePageHead } from '../../app/head/index.ts';
import { Loading } from '../../components/feedback.tsx';
import type { LegalSettings } from '@bande/shared/schemas/legal';
import { LEGAL_FORM } from './association-info.ts';
import { usePageWords, useSiteContent } from '../../lib/site-content.ts';
import { useLegalSettings } from './legal.queries.ts';
import { useSiteInfo } from '../../lib/site-info.ts';
import styles from './legal-page.module.css';

const SECTIONS = [
  { id: 'editeur', title: 'Éditeur du site' },
  { id: 'hebergement', title: 'Hébergement' },
  { id: 'propriete-intellectuelle', title: 'Propriété intellectuelle' },
  { id: 'donnees-personnelles', title: 'Données personnelles' },
  { id: 'cookies', title: 'Cookies et stockage local' },
  { id: 'representations', title: 'Dates des représentations' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

/** /mentions-legales: the legal notice and the privacy policy of the site. */
export default function LegalPage() {
  const words = usePageWords();
  // Fetched by the server with the page; a field left empty by the staff is left out, never shown as a gap.
  const query = useLegalSettings();
  // The publisher is the association under the name staff keep in « Textes du site » (the same on every page).
  const { associationName, pageTexts } = useSiteContent();
  // Editable in « Textes du site » (issue 36); its first wording until the staff change it.
  const audienceNotice = pageTexts.audienceNotice;
  const legal = query.data && { ...query.data, publisherName: associationName };
  const publisher = associationName;
  // RESERVATION_RETENTION_DAYS, a server setting, read with every public page (GET /api/site).
  const retentionDays = useSiteInfo().data?.reservationRetentionDays;
  usePageHead({
    title: 'Mentions légales',
    description:
      `Mentions légales et politique de confidentialité de ${associationName} : éditeur du site, hébergement, données personnelles, cookies et stockage local.`,
  });
  return (
    <>
      <PageHeader
        compact
        eyebrow="Informations"
        title="Mentions légales"
        lead={words('legalLead')}
      />
      <Section>
        <Container>
          <div className={styles.layout}>
            <nav className={styles.toc} aria-labelledby="sommaire">
              <h2 id="sommaire" className={styles.tocTitle}>
                Sommaire
              </h2>
              <ol className={styles.tocList}>
                {SECTIONS.map((section) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`}>{section.title}</a>
                  </li>
                ))}
              </ol>
            </nav>

            <div className={styles.article}>
              <LegalSection id="editeur">
                {query.isPending ? <Loading /> : <PublisherDetails legal={legal} />}
              </LegalSection>

              <LegalSection id="hebergement">
                {query.isPending ? <Loading /> : <HostDetails legal={legal} />}
                <p>
                  Les données du site (contenus, messages reçus, inscriptions, réservations) sont conservées chez cet hébergeur ; elles ne sont
                  ni vendues, ni cédées, ni transmises à des tiers à des fins commerciales.
                </p>
              </LegalSection>

              <LegalSection id="propriete-intellectuelle">
                <p>
                  Les textes, photographies, vidéos, illustrations et éléments graphiques de ce site appartiennent à {publisher}{' '}
                  ou à leurs auteurs, qui en ont autorisé la diffusion. Toute reproduction, représentation ou adaptation, totale ou
                  partielle, sans autorisation écrite préalable est interdite (articles L. 122-4 et suivants du Code de la
                  propriété intellectuelle).
                </p>
                <p>
                  Les œuvres lues lors de nos spectacles restent la propriété de leurs auteurs et éditeurs. Les logos des
                  partenaires appartiennent à leurs titulaires et ne sont reproduits qu&apos;avec leur accord. Pour toute demande
                  d&apos;utilisation, <Link to="/contact">écrivez-nous</Link>.
                </p>
              </LegalSection>

              <LegalSection id="donnees-personnelles">
                <p>
                  {publisher} est responsable des traitements décrits ici, conformément au Règlement général sur la
                  protection des données (RGPD) et à la loi « Informatique et libertés ». Nous ne collectons que ce que vous nous
                  confiez par les formulaires du site, et seulement pour vous répondre.
                </p>
                <div className={styles.tableWrap}>
                  <table className={styles.table}>
                    <caption className="visually-hidden">Données collectées, finalités et durées de conservation</caption>
                    <thead>
                      <tr>
                        <th scope="col">Formulaire</th>
                        <th scope="col">Données</th>
                        <th scope="col">Pourquoi</th>
                        <th scope="col">Combien de temps</th>
                      </tr>
                    </thead>
                    <tbody>
                      <tr>
                        <th scope="row">Newsletter</th>
                        <td data-label="Données">Adresse email</td>
                        <td data-label="Pourquoi">Vous envoyer la lettre de la Bande (dates, créations).</td>
                        <td data-label="Combien de temps">Jusqu&apos;à votre désinscription.</td>
                      </tr>
                      <tr>
                        <th scope="row">Contact</th>
                        <td data-label="Données">Email, type de demande, message, téléphone (si vous le donnez)</td>
                        <td data-label="Pourquoi">Répondre à votre demande et organiser, le cas échéant, un spectacle ou une intervention.</td>
                        <td data-label="Combien de temps">3 ans après notre dernier échange.</td>
                      </tr>
                      <tr>
                        <th scope="row">Carte d&apos;abonné</th>
                        <td data-label="Données">Prénom, nom, email, téléphone</td>
                        <td data-label="Pourquoi">Établir votre carte et vous contacter à son sujet.</td>
                        <td data-label="Combien de temps">Le temps de l&apos;abonnement, puis 3 ans.</td>
                      </tr>
                      <tr>
                        <th scope="row">Réservation</th>
                        <td data-label="Données">Prénom, nom, email, téléphone (si vous le donnez), nombre de places</td>
                        <td data-label="Pourquoi">
                          Tenir vos places, vous envoyer la confirmation, le rappel et, sur liste d&apos;attente, les places
                          libérées ; vous accueillir à l&apos;entrée.
                        </td>
                        <td data-label="Combien de temps">
                          {retentionDays
                            ? `Effacées ${retentionDays} jours après la représentation (seul le nombre de places réservées est gardé).`
                            : 'Effacées peu après la représentation (seul le nombre de places réservées est gardé).'}
                        </td>
                      </tr>
                    </tbody>
                  </table>
                </div>
                <p>
                  Ces données ne sont lues que par les membres de l&apos;association chargés de vous répondre. Elles ne servent à
                  aucune prospection commerciale et ne sont jamais revendues.
                </p>
                <h3 className={styles.subTitle}>Vos droits</h3>
                <p>
                  Vous pouvez à tout moment accéder à vos données, les faire rectifier ou effacer, limiter leur traitement, vous
                  y opposer ou en demander la portabilité. Pour exercer ces droits, utilisez la{' '}
                  <Link to="/contact">page de contact</Link> (type de demande « Autre »)
                  {legal?.publisherAddress ? ` ou écrivez à ${publisher}, ${legal.publisherAddress}` : ''}. Nous répondons dans un délai
                  d&apos;un mois.
                </p>
                <p>
                  Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (
                  <a href="https://www.cnil.fr" target="_blank" rel="noopener noreferrer">
                    www.cnil.fr<span className="visually-hidden"> (nouvel onglet)</span>
                  </a>
                  ).
                </p>
              </LegalSection>

              <LegalSection id="cookies">
                <p>
                  <strong>Ce site ne dépose aucun cookie de suivi</strong> : ni publicité, ni réseau social, et sa mesure
                  d&apos;audience n&apos;en utilise pas. C&apos;est pourquoi aucun bandeau ne vous demande votre consentement.
                </p>
                <h3 className={styles.subTitle}>Mesure d&apos;audience</h3>
                <p>{audienceNotice}</p>
                <p>Seules deux informations techniques peuvent être gardées dans le stockage local de votre navigateur :</p>
                <ul className={styles.list}>
                  <li>
                    pendant une maintenance, le fait que vous avez choisi d&apos;entrer sur le site (pour ne pas vous reposer la
                    question) ;
                  </li>
                  <li>
                    pour les seuls membres de l&apos;équipe qui administrent le site, leur session de connexion et leurs
                    préférences d&apos;affichage.
                  </li>
                </ul>
                <p>
                  Les vidéos YouTube de la galerie ne sont chargées, depuis le domaine youtube-nocookie.com, que lorsque vous
                  cliquez pour les lire. Les liens vers les sites de nos partenaires s&apos;ouvrent dans un nouvel onglet ; ces
                  sites ont leurs propres règles.
                </p>
              </LegalSection>

              <LegalSection id="representations">
                <p>
                  Les dates, horaires et lieux des représentations sont donnés <strong>à titre indicatif</strong>. Ils peuvent
                  changer (report, annulation, changement de salle) : avant de vous déplacer, vérifiez auprès du lieu ou du
                  service de réservation indiqué. {publisher} ne saurait être tenue responsable d&apos;une modification
                  survenue après la publication d&apos;une date.
                </p>
              </LegalSection>
            </div>
          </div>
        </Container>
      </Section>
    </>
  );
}

function LegalSection({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.id === id)!.title;
  const index = SECTIONS.findIndex((section) => section.id === id);
  return (
    <section id={id} aria-labelledby={`${id}-titre`} className={styles.section}>
      <h2 id={`${id}-titre`} className={styles.sectionTitle}>
        {/* One text node: the server sends '1.' as one, and hydration of the two ('1', '.') wrote '1..'. */}
        <span className={styles.sectionNumber} aria-hidden="true">
          {`${index + 1}.`}
        </span>{' '}
        {title}
      </h2>
      <div className={styles.body}>{children}</div>
    </section>
  );
}

/** A contact given as one text: an email gets a mail link, a phone number a call link. */
function ContactLink({ value }: { value: string }) {
  if (value.includes('@') && !/\s/.test(value)) return <a href={`mailto:${value}`}>{value}</a>;
  if (/^\+?[\d\s.()-]{4,}$/.test(value)) return <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a>;
  return <>{value}</>;
}

/** Label and value pairs, without those the staff left empty. */
function Facts({ items }: { items: [label: string, value: ReactNode | false][] }) {
  const shown = items.filter(([, value]) => value);
  if (shown.length === 0) return null;
  return (
    <dl className={styles.facts}>
      {shown.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function PublisherDetails({ legal }: { legal: LegalSettings | undefined }) {
  const { publisherName = '', publisherAddress = '', publisherContact = '', publicationDirector = '' } = legal ?? {};
  if (!publisherName && !publisherAddress && !publisherContact && !publicationDirector) return <p>Les coordonnées de l&apos;éditeur sont en cours de mise à jour.</p>;
  return (
    <>
      <p>
        Le site est édité par {publisherName ? <strong>{publisherName}</strong> : 'une association'}, {LEGAL_FORM.toLowerCase()}{' '}
        déclarée en préfecture.
      </p>
      <Facts
        items={[
          ['Siège social', publisherAddress],
          ['Contact', publisherContact && <ContactLink value={publisherContact} />],
          ['Directrice de la publication', publicationDirector],
        ]}
      />
    </>
  );
}

function HostDetails({ legal }: { legal: LegalSettings | undefined }) {
  const { hostName = '', hostAddress = '', hostPhone = '' } = legal ?? {};
  if (!hostName && !hostAddress && !hostPhone) return <p>Les coordonnées de l&apos;hébergeur sont en cours de mise à jour.</p>;
  return (
    <>
      {hostName ? (
        <p>
          Le site est hébergé par <strong>{hostName}</strong>.
        </p>
      ) : null}
      <Facts
        items={[
          ['Adresse', hostAddress],
          ['Téléphone', hostPhone && <ContactLink value={hostPhone} />],
        ]}
      />
    </>
  );
}
