import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { rolesTexts, type Role } from '@bande/shared/roles';
import { ApiError, apiSend } from '../../lib/api-client.ts';
import { adminTexts, type AdminTab } from '../admin-texts.ts';
import { endSession, useAdminApi } from '../lib/admin-api.ts';
import { adminMeQuery } from '../lib/me-query.ts';
import { currentToken, readStored, STORAGE_KEYS, useSession, writeStored } from '../lib/session.ts';
import { useTheme } from '../lib/theme.tsx';
import { ConfirmProvider } from '../ui/confirm.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { DiscardQuestion } from '../ui/modal.tsx';
import { hasUnsavedWork } from '../ui/unsaved-work.ts';
import { AdminButton, IconButton } from '../ui/button.tsx';
import { CloseIcon, LogoutIcon, MenuIcon, MoonIcon, SunIcon } from '../ui/icons.tsx';
import { BrandMark } from '../ui/layout.tsx';
import { adminShowsQuery } from '../shows/shows-queries.ts';
import { useNewMessagesCount } from '../messages/messages-queries.ts';
import { LegalWarning } from '../legal/legal-warning.tsx';
import { forgetDoor } from '../reservations/door/door-client.ts';
import { sendUnsent, unsentCount, UnsentCheckInsQuestion, useOnline, useUnsentCount } from '../offline/unsent-check-ins.tsx';
import { forgetCachedApi } from '../offline/service-worker.ts';
import { forgetDrafts } from '../lib/drafts.ts';
import { DesktopNav, MobileNav } from './admin-nav.tsx';
import { TAB_COMPONENTS } from './tab-components.ts';
import { OpenTabProvider, type OpenTab, type TabIntent } from './open-tab.tsx';
import { loadingStatus } from '../ui/lazy-part.tsx';
import { initialTab, mayOpen, tabGroupsFor } from './tabs.ts';
import appStyles from '../admin.module.css';
import styles from './dashboard.module.css';
import offline from '../offline/offline.module.css';

export default function DashboardPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const api = useAdminApi();
  const { user } = useSession();
  const { theme, toggle } = useTheme();
  const mobileMenuId = useId();
  // The role decides the tabs: the server's word (/api/auth/me), the stored one until it answers.
  const me = useQuery(adminMeQuery(api));
  const role: Role = me.data?.role ?? user?.role ?? 'admin';
  const groups = tabGroupsFor(role);
  const [start] = useState(() =>
    initialTab((location.state as { tab?: unknown } | null)?.tab ?? new URLSearchParams(location.search).get('tab') ?? undefined, readStored(STORAGE_KEYS.activeTab), role),
  );
  const [tab, setTab] = useState<AdminTab>(start.tab);
  const [refusedTab, setRefusedTab] = useState(start.refused);
  const [menuOpen, setMenuOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  // As the desktop dropdowns: Escape closes the burger's menu and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      burgerRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  /** A tab change or a logout waiting for « Abandonner les modifications ? » (a form of the tab holds changes). */
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);
  const leaveAfterAsking = (leave: () => void) => {
    if (hasUnsavedWork()) setPendingLeave(() => leave);
    else leave();
  };
  // The count of new messages, shown beside the tab's name in the navigation (to the roles that read them).
  const newMessages = useNewMessagesCount(mayOpen(role, 'messages'));
  const badges = { messages: newMessages };

  // The token is verified by the admin shows list (spec section 6): a failure ends the session. A 403
  // is a valid token whose role does not edit the shows (a secretary): verified all the same.
  const verification = useQuery(adminShowsQuery(api));
  const otherRole = verification.error instanceof ApiError && verification.error.status === 403;
  // Offline (the door in a cellar), the session stored on this phone is trusted: the check waits for the
  // network (a paused query) and a session ended meanwhile is refused at once when it comes back.
  const online = useOnline();
  const verified = verification.isSuccess || verification.data !== undefined || otherRole || !online;
  // The server's role differs from the one the tab was chosen with (a stale stored user): its own first tab.
  useEffect(() => {
    if (!mayOpen(role, tab)) setTab(tabGroupsFor(role)[0]?.tabs[0] ?? 'shows');
  }, [role, tab]);
  useEffect(() => {
    if (verification.isError && verification.data === undefined && !otherRole) {
      endSession(queryClient);
      navigate('/admin/login', { replace: true });
    }
  }, [verification.isError, verification.data, otherRole, queryClient, navigate]);

  useEffect(() => {
    writeStored(STORAGE_KEYS.activeTab, tab);
  }, [tab]);

  // What the tab now open was opened to do (open-tab.tsx); the next tab opened replaces it.
  const [intent, setIntent] = useState<TabIntent | null>(null);
  function select(next: AdminTab, nextIntent?: TabIntent) {
    setMenuOpen(false);
    if (next === tab) return;
    leaveAfterAsking(() => {
      setIntent(nextIntent ?? null);
      setRefusedTab(undefined);
      setTab(next);
      window.scrollTo({ top: 0 });
    });
  }
  const openTab: OpenTab = {
    mayOpen: (next) => mayOpen(role, next),
    open: select,
    intent,
  };

  // Check-ins tapped offline and not sent yet: « Déconnexion » says so and never drops them unasked.
  const unsent = useUnsentCount();
  const [askingUnsent, setAskingUnsent] = useState(false);
  const [logoutWhenSent, setLogoutWhenSent] = useState(false);
  const requestLogout = () => leaveAfterAsking(() => (unsentCount() > 0 ? setAskingUnsent(true) : void logout()));
  useEffect(() => {
    if (logoutWhenSent && unsent === 0) void logout();
  });

  async function logout() {
    const token = currentToken();
    setLogoutWhenSent(false);
    endSession(queryClient);
    forgetDoor();
    void forgetCachedApi();
    // Changes kept over an ended session (lib/drafts.ts) never outlive a logout.
    forgetDrafts();
    navigate('/admin/login', { replace: true });
    // The server forgets the session too; the local logout does not wait for it.
    await apiSend('POST', '/api/auth/logout', undefined, { token }).catch(() => undefined);
  }

  const ActiveTab = TAB_COMPONENTS[tab];
  const themeLabel = theme === 'dark' ? adminTexts.actions.themeToLight : adminTexts.actions.themeToDark;
  const themeButton = (
    <IconButton label={themeLabel} onClick={toggle} aria-pressed={theme === 'dark'}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );

  return (
    <ToastProvider>
      <ConfirmProvider>
        <div className={styles.shell}>
          <header className={styles.topbar}>
            <div className={styles.topbarInner}>
              <a className={styles.brand} href="/" title="Voir le site public">
                <BrandMark className={styles.logo} />
                <span>
                  {adminTexts.brand} <span className={styles.brandSub}>· {adminTexts.brandSuffix}</span>
                </span>
              </a>
              <DesktopNav groups={groups} active={tab} onSelect={select} badges={badges} />
              <span className={styles.spacer} />
              <div className={styles.tools}>
                {user ? (
                  <AdminButton small variant="ghost" className={styles.desktopOnly} aria-current={tab === 'account' ? 'page' : undefined} title={adminTexts.tabs.account} onClick={() => select('account')}>
                    {adminTexts.tabs.account} <span className={styles.user}>({user.email})</span>
                  </AdminButton>
                ) : null}
                {themeButton}
                <AdminButton small variant="ghost" icon={<LogoutIcon />} onClick={requestLogout} className={styles.desktopOnly}>
                  {adminTexts.actions.logout}
                </AdminButton>
                <IconButton
                  ref={burgerRef}
                  className={styles.burger}
                  label={adminTexts.actions.menu}
                  aria-expanded={menuOpen}
                  aria-controls={mobileMenuId}
                  onClick={() => setMenuOpen((open) => !open)}
                >
                  {menuOpen ? <CloseIcon /> : <MenuIcon />}
                </IconButton>
              </div>
            </div>
            <MobileNav
              groups={groups}
              id={mobileMenuId}
              open={menuOpen}
              active={tab}
              onSelect={select}
              badges={badges}
              footer={
                <>
                  <span>{user?.email}</span>
                  <AdminButton small aria-current={tab === 'account' ? 'page' : undefined} onClick={() => select('account')}>
                    {adminTexts.tabs.account}
                  </AdminButton>
                  <AdminButton small icon={<LogoutIcon />} onClick={requestLogout}>
                    {adminTexts.actions.logout}
                  </AdminButton>
                </>
              }
            />
          </header>
          <main className={styles.main} id="admin-main">
            {verified ? (
              <>
                {online ? null : (
                  <p role="status" className={appStyles.notice}>
                    {adminTexts.offline.banner}
                  </p>
                )}
                {refusedTab ? (
                  <p role="alert" className={appStyles.notice}>
                    {rolesTexts.forbiddenTab}
                  </p>
                ) : null}
                {tab === 'legal' || !mayOpen(role, 'legal') ? null : <LegalWarning onOpen={() => select('legal')} />}
                {/* Its key gives each tab a boundary of its own: a failed download's message goes with the tab. */}
                <OpenTabProvider value={openTab}>
                  <ActiveTab key={tab} />
                </OpenTabProvider>
              </>
            ) : (
              loadingStatus
            )}
          </main>
          {logoutWhenSent && unsent > 0 ? (
            <p role="status" className={`${offline.pill} ${styles.logoutWaiting}`}>
              {adminTexts.unsentCheckIns.logoutAfterSending(unsent)}
            </p>
          ) : null}
          {askingUnsent ? (
            <UnsentCheckInsQuestion
              count={unsent}
              onAnswer={(answer) => {
                setAskingUnsent(false);
                if (answer === 'drop') void logout();
                if (answer === 'send') {
                  setLogoutWhenSent(true);
                  void sendUnsent();
                }
              }}
            />
          ) : null}
          {pendingLeave ? (
            <DiscardQuestion
              onAnswer={(discard) => {
                setPendingLeave(null);
                if (discard) pendingLeave();
              }}
            />
          ) : null}
        </div>
      </ConfirmProvider>
    </ToastProvider>
  );
}
