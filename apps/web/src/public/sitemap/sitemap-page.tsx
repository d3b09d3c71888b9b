import { Link } from 'react-router';
import { texts } from '@bande/shared/texts';
import { Container, PageHeader, Section } from '../../components/layout.tsx';
import { usePageHead } from '../../app/head/index.ts';
import styles from './sitemap-page.module.css';
import { usePageWords } from '../../lib/site-content.ts';

interface SitemapLink {
  to: string;
  label: string;
  description: string;
}

/** Every public page of the site (a show's own page is reached from the catalogue). */
export const SITEMAP: { title: string; links: SitemapLink[] }[] = [
  {
    title: 'Découvrir la Bande',
    links: [
      { to: '/', label: texts.nav.home, description: "Les lectures à l'affiche, nos formats et nos activités hors cadre." },
      { to: '/team', label: texts.nav.team, description: 'Les lectrices, lecteurs et musiciens de la troupe.' },
      { to: '/origines', label: 'Origines', description: "L'histoire de la troupe, chapitre après chapitre." },
    ],
  },
  {
    title: 'Sur scène et ailleurs',
    links: [
      { to: '/shows', label: texts.nav.shows, description: 'Le répertoire complet ; chaque spectacle a sa page, son équipe et ses dates.' },
      { to: '/bonus', label: 'Bonus — Échos en images', description: 'Photos et extraits filmés des lectures et des coulisses.' },
      { to: '/partenaires', label: 'Partenaires', description: 'Les lieux et structures qui nous accompagnent.' },
    ],
  },
  {
    title: "Nous écrire et s'informer",
    links: [
      { to: '/contact', label: texts.nav.contact, description: 'Un spectacle sur mesure, une intervention, une question.' },
      { to: '/lettres', label: 'Lettres', description: 'Les lettres de la newsletter déjà envoyées.' },
      { to: '/plan-du-site', label: 'Plan du site', description: 'Cette page : toutes les pages du site.' },
      { to: '/mentions-legales', label: 'Mentions légales', description: 'Éditeur, hébergement, données personnelles et cookies.' },
      { to: '/accessibilite', label: 'Accessibilité', description: 'Déclaration d’accessibilité : conformité au RGAA, signaler un problème.' },
    ],
  },
];

/** /sitemap and /plan-du-site. */
export default function SitemapPage() {
  const words = usePageWords();
  usePageHead({
    title: 'Plan du site',
    description:
      "Toutes les pages du site de La Bande à Lire en un coup d'œil : spectacles, troupe, origines, bonus, partenaires, contact et mentions légales.",
    // /sitemap and /plan-du-site show the same page: search engines should keep one address.
    path: '/plan-du-site',
  });
  return (
    <>
      <PageHeader compact eyebrow="Navigation" title="Plan du site" lead={words('sitemapLead')} />
      <Section>
        <Container>
          <div className={styles.groups}>
            {SITEMAP.map((group, index) => (
              <nav key={group.title} className={styles.group} aria-labelledby={`plan-${index}`}>
                <h2 id={`plan-${index}`} className={styles.groupTitle}>
                  {group.title}
                </h2>
                <ul role="list" className={styles.links}>
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={styles.link}>
                        {link.label}
                      </Link>
                      <p className={styles.description}>{link.description}</p>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </Container>
      </Section>
    </>
  );
}
