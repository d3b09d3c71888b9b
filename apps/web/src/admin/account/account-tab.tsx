import { useQuery } from '@tanstack/react-query';
import { passkeyTexts } from '@bande/shared/schemas/passkeys';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@bande/shared/roles';
import { useAdminApi } from '../lib/admin-api.ts';
import { adminMeQuery } from '../lib/me-query.ts';
import { useSession } from '../lib/session.ts';
import styles from './account.module.css';
import { TwoFactorSection } from '../accounts/two-factor-section.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { PasswordSection } from './password-section.tsx';

/**
 * « Mon compte », every role's: the account's own password, two-factor login and passkeys. Reached
 * from the account button of the top bar, not from the tab menus (« Comptes » is the administrators'
 * list of accounts).
 */
export function AccountTab() {
  return (
    <TabPage title={passkeyTexts.accountTitle} description={passkeyTexts.accountIntro}>
      <IdentitySection />
      <PasswordSection />
      <TwoFactorSection />
      <PasskeysSection />
    </TabPage>
  );
}

/** Who is signed in, and what the account's role lets it do (the server's word, the stored one until it answers). */
function IdentitySection() {
  const me = useQuery(adminMeQuery(useAdminApi()));
  const { user } = useSession();
  const account = me.data ?? user;
  if (!account) return null;
  return (
    <section className={styles.section} aria-labelledby="identity-title">
      <h2 id="identity-title" className={styles.title}>
        {account.email}
      </h2>
      <p className={styles.text}>
        Rôle{'\u00a0'}: <strong>{ROLE_LABELS[account.role]}</strong>. Il vous permet de gérer {ROLE_DESCRIPTIONS[account.role]}.
      </p>
    </section>
  );
}
