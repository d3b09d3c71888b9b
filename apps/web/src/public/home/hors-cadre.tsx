import { Button } from '../../components/button.tsx';
import { Container, Section, SectionHeading } from '../../components/layout.tsx';
import styles from './hors-cadre.module.css';

/** 'Hors cadre': the radio programme and the actor workshops (static copy). */
export function HorsCadre() {
  return (
    <Section tone="ink" labelledBy="hors-cadre">
      <Container size="wide">
        <SectionHeading
          id="hors-cadre"
          eyebrow="Hors cadre"
          title="Quand la Bande sort de scène"
          lead="Lire à voix haute ne s'arrête pas au tomber du rideau : la Bande prend aussi l'antenne et ouvre ses ateliers."
          onDark
        />
        <div className={styles.grid}>
          <article className={styles.item}>
            <svg className={styles.icon} viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
              <rect x="12" y="4" width="14" height="24" rx="7" fill="none" stroke="currentColor" strokeWidth="2.5" />
              <path d="M7 22a12 12 0 0 0 24 0M19 34v8M12 42h14" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              <path d="M36 14a10 10 0 0 1 0 14M40 9a17 17 0 0 1 0 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
            <p className={styles.kicker}>À l&apos;antenne</p>
            <h3 className={styles.title}>Une émission de radio</h3>
            <p className={styles.text}>
              Chaque mois, la Bande prend le micro pour une émission consacrée à la lecture à voix haute&nbsp;: des extraits lus en
              direct, des rencontres avec des auteurs et des traducteurs, et les coulisses de nos créations.
            </p>
            <ul role="list" className={styles.facts}>
              <li>Chaque mois</li>
              <li>Lectures en direct</li>
              <li>Auteurs invités</li>
            </ul>
          </article>
          <article className={styles.item}>
            <svg className={styles.icon} viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
              <path d="M9 7c7-2.5 23-2.5 30 0 0 15-4.5 28-15 33C13.5 35 9 22 9 7z" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
              <path d="M15 17c1.5-1.6 4.5-1.6 6 0M27 17c1.5-1.6 4.5-1.6 6 0" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              <path d="M17 26c3.5 4 10.5 4 14 0" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
            <p className={styles.kicker}>Ateliers</p>
            <h3 className={styles.title}>Les ateliers de l&apos;acteur</h3>
            <p className={styles.text}>
              Pour les amateurs de plus de 18 ans, un cycle de trois séances le samedi&nbsp;: souffle et voix, écoute du partenaire,
              mise en espace d&apos;un texte. Aucune expérience n&apos;est requise — seulement l&apos;envie de dire.
            </p>
            <ul role="list" className={styles.facts}>
              <li>Dès 18 ans</li>
              <li>3 samedis</li>
              <li>Débutants bienvenus</li>
            </ul>
            <div className={styles.action}>
              <Button to="/contact" variant="inverse" arrow>
                S&apos;inscrire à un atelier
              </Button>
            </div>
          </article>
        </div>
      </Container>
    </Section>
  );
}
