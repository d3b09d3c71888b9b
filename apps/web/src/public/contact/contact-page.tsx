import { texts } from '@bande/shared/texts';
import { Container, PageHeader, Section } from '../../components/layout.tsx';
import { usePageHead } from '../../app/head/index.ts';
import { ContactForm } from './contact-form.tsx';
import { ContactInfo } from './contact-info.tsx';
import styles from './contact-page.module.css';
import { usePageWords } from '../../lib/site-content.ts';

export default function ContactPage() {
  const words = usePageWords();
  usePageHead({
    title: texts.nav.contact,
    description:
      'Contacter La Bande à Lire : un spectacle sur mesure, une intervention culturelle ou une simple question. Un membre de la troupe vous répond.',
  });
  return (
    <>
      <PageHeader
        eyebrow={words('contactEyebrow')}
        title={texts.nav.contact}
        lead={words('contactLead')}
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
