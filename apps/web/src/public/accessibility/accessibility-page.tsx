import { Link } from 'react-router';
import { ACCESSIBILITY_STATUS_LABELS } from '@bande/shared/accessibility-status';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { formatEventDate } from '@bande/shared/format/french-dates';
import { Container, PageHeader, Section } from '../../components/layout.tsx';
import { usePageHead, useSiteUrl } from '../../app/head/index.ts';
import { useSiteContent } from '../../lib/site-content.ts';
import styles from './accessibility-page.module.css';

/** The contact form with the request type preset for an accessibility problem (read by the form). */
export const REPORT_PROBLEM_PATH = '/contact?type=Autre&objet=accessibilite';

/**
 * /accessibilite: the accessibility statement French sites publish (RGAA 4.1, article 47 of law
 * 2005-102), from the texts staff keep in « Textes du site ». Its structure and its legal parts (the
 * means of redress) are fixed here; the state, the rate, the audit and its findings are the staff's.
 */
export default function AccessibilityPage() {
  const { associationName, accessibility } = useSiteContent();
  const siteUrl = useSiteUrl();
  const status = ACCESSIBILITY_STATUS_LABELS[accessibility.status];
  usePageHead({
    title: 'Déclaration d’accessibilité',
    description: `Déclaration d’accessibilité du site de ${associationName} : état de conformité au RGAA 4.1, contenus non accessibles, audit, signaler un problème, voies de recours.`,
  });
  const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);
  return (
    <>
      <PageHeader compact eyebrow="Informations" title="Déclaration d’accessibilité" lead={`Le site est ${status} avec le RGAA 4.1.`} />
      <Section>
        <Container>
          <div className={styles.article}>
            <p>
              {associationName} s’engage à rendre son site internet accessible conformément à l’article 47 de la loi n°&nbsp;2005-102
              du 11 février 2005. Cette déclaration d’accessibilité s’applique au site {siteUrl || 'de l’association'}.
            </p>

            <h2>État de conformité</h2>
            <p>
              Le site est <strong>{status}</strong> avec le référentiel général d’amélioration de l’accessibilité (RGAA),
              version&nbsp;4.1.
            </p>

            <h2>Résultats des tests</h2>
            <p>
              {accessibility.rate === null
                ? 'Aucun audit complet des critères du RGAA n’a encore mesuré la part des critères respectés.'
                : `L’audit révèle que ${accessibility.rate}\u00a0% des critères du RGAA 4.1 sont respectés.`}
            </p>

            <h2>Contenus non accessibles</h2>
            <ul>
              {lines(accessibility.nonAccessible).map((line, index) => (
                <li key={index}>{frenchTypography(line)}</li>
              ))}
            </ul>

            <h2>Établissement de cette déclaration</h2>
            <p>
              Cette déclaration a été établie le {accessibility.auditDate ? formatEventDate(accessibility.auditDate) : '—'}.
            </p>
            <h3>Méthode, outils, pages, navigateurs et technologies d’assistance</h3>
            {lines(accessibility.method).map((line, index) => (
              <p key={index}>{frenchTypography(line)}</p>
            ))}
            <h3>Technologies utilisées</h3>
            <p>HTML5, CSS, JavaScript (React), WAI-ARIA.</p>

            <h2>Retour d’information et contact</h2>
            <p>
              Si vous n’arrivez pas à accéder à un contenu ou à un service, <Link to={REPORT_PROBLEM_PATH}>signalez-le-nous par le
              formulaire de contact</Link> (type de demande «&nbsp;Autre&nbsp;») : nous vous répondrons et vous proposerons une
              autre façon d’obtenir l’information.
            </p>

            <h2>Voies de recours</h2>
            <p>
              Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service du site et
              que vous n’avez pas obtenu de réponse satisfaisante, vous pouvez&nbsp;:
            </p>
            <ul>
              <li>
                écrire un message au Défenseur des droits (
                <a href="https://formulaire.defenseurdesdroits.fr/" target="_blank" rel="noopener noreferrer">
                  formulaire en ligne<span className="visually-hidden"> (nouvel onglet)</span>
                </a>
                )&nbsp;;
              </li>
              <li>
                contacter le délégué du Défenseur des droits dans votre région (
                <a href="https://www.defenseurdesdroits.fr/carte-des-delegues" target="_blank" rel="noopener noreferrer">
                  carte des délégués<span className="visually-hidden"> (nouvel onglet)</span>
                </a>
                )&nbsp;;
              </li>
              <li>
                envoyer un courrier par la poste (gratuit, ne pas mettre de timbre)&nbsp;: Défenseur des droits, Libre réponse 71120,
                75342 Paris CEDEX 07.
              </li>
            </ul>
          </div>
        </Container>
      </Section>
    </>
  );
}
