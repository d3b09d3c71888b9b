import { Container, Section, SectionHeading } from '../../components/layout.tsx';
import styles from './formats.module.css';

const FORMATS = [
  {
    numeral: 'I',
    name: 'Grand format',
    duration: 'Environ 1h30',
    text: "Le spectacle complet : plusieurs lecteurs, une mise en espace, de la musique et des lumières. Un roman ou une pièce porté de bout en bout, pour une vraie soirée de théâtre.",
  },
  {
    numeral: 'II',
    name: 'Pépite',
    duration: '45 min à 1h',
    text: "Une forme resserrée autour d'un texte coup de cœur. Deux ou trois voix, peu de décor, beaucoup d'émotion : idéale pour les médiathèques, les festivals et les salons du livre.",
  },
  {
    numeral: 'III',
    name: 'Lecture de poche',
    duration: 'Sur demande',
    text: "Un format léger qui se glisse partout : chez l'habitant, en classe, en entreprise ou au jardin. Vous choisissez le lieu et l'occasion, nous apportons les mots.",
  },
  {
    numeral: 'IV',
    name: 'Brigade de mots',
    duration: 'Format court',
    text: "Des irruptions poétiques de quelques minutes, là où on ne les attend pas : un marché, un vernissage, un entracte. Les mots débarquent, surprennent, et repartent.",
  },
] as const;

/** The four show formats (static copy). */
export function Formats() {
  return (
    <Section tone="deep" labelledBy="nos-formats">
      <Container size="wide">
        <SectionHeading
          id="nos-formats"
          eyebrow="Nos formats"
          title="Quatre façons de lever le rideau"
          lead="Du grand spectacle à la lecture impromptue, chaque texte trouve la forme qui lui va — et chaque lieu, la lecture qui lui ressemble."
        />
        <ul role="list" className={styles.grid}>
          {FORMATS.map((format) => (
            <li key={format.name} className={styles.item}>
              <span className={styles.numeral} aria-hidden="true">
                {format.numeral}
              </span>
              <h3 className={styles.name}>{format.name}</h3>
              <p className={styles.duration}>{format.duration}</p>
              <p className={styles.text}>{format.text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </Section>
  );
}
