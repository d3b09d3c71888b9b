import type { Credit } from '@bande/shared/schemas/shows';
import { imageOf, type ImageMap } from '@bande/shared/images';
import { Photo } from '../../components/photo.tsx';
import styles from './credits.module.css';

const initials = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();

/** Credits grouped by category ('Mise en scène', 'Lecture'...), each member with a portrait and role. */
export function Credits({ credits, images }: { credits: readonly Credit[]; images?: ImageMap }) {
  return (
    <div className={styles.groups}>
      {credits
        .filter((credit) => credit.members.length > 0)
        .map((credit) => (
          <section key={credit.id} className={styles.group} aria-labelledby={`credit-${credit.id}`}>
            <h3 id={`credit-${credit.id}`} className={styles.category}>
              {credit.category}
            </h3>
            <ul role="list" className={styles.members}>
              {credit.members.map((member) => (
                <li key={member.memberId} className={styles.member}>
                  <div className={styles.avatar}>
                    <Photo
                      src={member.photo}
                      alt=""
                      width={160}
                      height={160}
                      info={imageOf(images, member.photo)}
                      sizes="3.5rem"
                      placeholderLabel={initials(member.firstName, member.lastName)}
                    />
                  </div>
                  <div>
                    <p className={styles.name}>{member.fullName}</p>
                    {member.role ? <p className={styles.role}>{member.role}</p> : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
