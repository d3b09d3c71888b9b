import type { Author, Book } from '@bande/shared/schemas/shows';
import { imageOf, type ImageMap } from '@bande/shared/images';
import { Photo } from '../../components/photo.tsx';
import { Paragraphs } from './paragraphs.tsx';
import styles from './book-and-author.module.css';
import { deName } from '@bande/shared/format/elision';

/** The adapted book and its author, side cards of the show page. */
export function BookAndAuthor({ book, author, images }: { book: Book | null; author: Author | null; images?: ImageMap }) {
  if (!book && !author) return null;
  return (
    <aside className={styles.aside} aria-label="Le livre et son auteur">
      {book ? (
        <section className={styles.card} aria-labelledby="livre-adapte">
          <p className={styles.kicker}>Le livre adapté</p>
          <div className={styles.bookRow}>
            {book.photo ? (
              <div className={styles.cover}>
                <Photo src={book.photo} alt={`Couverture de ${book.name}`} width={400} height={600} info={imageOf(images, book.photo)} sizes="5.5rem" />
              </div>
            ) : null}
            <div>
              <h2 id="livre-adapte" className={styles.name}>
                {book.name}
              </h2>
              {book.type ? <p className={styles.meta}>{book.type}</p> : null}
            </div>
          </div>
          {book.description ? (
            <div className={styles.text}>
              <Paragraphs text={book.description} />
            </div>
          ) : null}
          {book.note ? (
            <blockquote className={styles.note}>
              <Paragraphs text={book.note} />
            </blockquote>
          ) : null}
        </section>
      ) : null}
      {author ? (
        <section className={styles.card} aria-labelledby="auteur">
          <p className={styles.kicker}>L&apos;auteur</p>
          <div className={styles.authorRow}>
            {author.photo ? (
              <div className={styles.portrait}>
                <Photo src={author.photo} alt={`Portrait ${deName(author.name)}`} width={300} height={300} info={imageOf(images, author.photo)} sizes="4.5rem" />
              </div>
            ) : null}
            <div>
              <h2 id="auteur" className={styles.name}>
                {author.name}
              </h2>
              {author.date ? <p className={styles.meta}>{author.date}</p> : null}
            </div>
          </div>
          {author.description ? (
            <div className={styles.text}>
              <Paragraphs text={author.description} />
            </div>
          ) : null}
        </section>
      ) : null}
    </aside>
  );
}
