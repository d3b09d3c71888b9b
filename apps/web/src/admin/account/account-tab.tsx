import { passkeyTexts } from '@bande/shared/schemas/passkeys';
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
      <PasswordSection />
      <TwoFactorSection />
      <PasskeysSection />
    </TabPage>
  );
}
