import { texts } from '@bande/shared/texts';
import { Container, PageHeader, Section } from '../../components/layout.tsx';
import { usePageHead } from '../../app/head/index.ts';
import { ContactForm } from './contact-form.tsx';
import { ContactInfo } from './contact-info.tsx';
import styles from './contact-page.module.css';

export default function ContactPage() {
  usePageHead({
    title: texts.nav.contact,
    description:
      'Contacter La Bande à Lire : un spectacle sur mesure, une intervention culturelle ou une simple question. Un membre de la troupe vous répond.',
  });
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title={texts.nav.contact}
        lead="Un spectacle à imaginer, une intervention à construire, une simple question : écrivez-nous, un membre de la Bande vous répond."
      />
      <Section>
        <Container size="wide">
          <div className={styles.layout}>
            <div className={styles.formCard}>
              <ContactForm />
            </div>
            <ContactInfo />
          </div>
        </Container>
      </Section>
    </>
  );
}
