import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { twoFactorTexts } from '@bande/shared/schemas/two-factor';
import { loggedInForEachTest, renderAdminTab, sentBodies, stubFetch } from '../test-utils.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

vi.setConfig({ testTimeout: 20_000 });

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SETUP = { secret: SECRET, otpauthUrl: `otpauth://totp/La%20Bande%20%C3%A0%20Lire:admin%40example.org?issuer=La%20Bande%20%C3%A0%20Lire&secret=${SECRET}&algorithm=SHA1&digits=6&period=30` };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${'efghjkmnpq'[i]}-2345${i + 2}`.slice(0, 11));

const renderSection = () => renderAdminTab(<TwoFactorSection />, { route: '/admin/accounts' });

loggedInForEachTest({ asTestAdmin: true });

describe('« Double authentification » of the current account', () => {
  it('sets up with a QR code and the secret, refuses a wrong code, then shows the recovery codes once', async () => {
    let enabled = false;
    const fetch = stubFetch({
      'GET /api/auth/totp': () => ({ body: { enabled, recoveryCodesLeft: enabled ? 10 : 0 } }),
      'POST /api/auth/totp/setup': { body: SETUP },
      'POST /api/auth/totp/enable': ({ body }) => {
        if ((body as { code: string }).code !== '123456') return { status: 400, body: { error: twoFactorTexts.codeInvalid } };
        enabled = true;
        return { body: { recoveryCodes: CODES } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderSection();

    expect(await screen.findByText(twoFactorTexts.statusOff)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: twoFactorTexts.setUpButton }));
    // qrcode is loaded on demand: on a busy machine that takes more than findBy's default second.
    const qr = await screen.findByRole('img', { name: twoFactorTexts.qrAlt }, { timeout: 10_000 });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(SECRET);

    const code = screen.getByLabelText(/^Code de vérification/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.confirmButton }));
    expect(await screen.findByText(twoFactorTexts.codeFormat)).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/totp/enable')).toEqual([]);

    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.confirmButton }));
    expect(await screen.findByText(twoFactorTexts.codeInvalid)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Code de vérification/));
    await user.type(screen.getByLabelText(/^Code de vérification/), '123456');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.confirmButton }));
    const list = await screen.findByRole('list', { name: twoFactorTexts.recoveryTitle });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(screen.getByText(twoFactorTexts.recoveryWarning)).toBeInTheDocument();
    expect(screen.queryByTestId('totp-secret')).not.toBeInTheDocument();
    // The link's blob: address is made by an effect, a render after the codes show.
    expect(await screen.findByRole('link', { name: twoFactorTexts.download })).toHaveAttribute('download', 'codes-de-secours.txt');

    await user.click(screen.getByRole('button', { name: twoFactorTexts.copy }));
    // user-event puts its own clipboard in the page: what the button wrote is read back from it.
    expect(await navigator.clipboard.readText()).toContain(CODES.join('\n'));
    expect(await screen.findByText(twoFactorTexts.copied)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: twoFactorTexts.done }));
    expect(await screen.findByText(twoFactorTexts.statusOn)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: twoFactorTexts.recoveryTitle })).not.toBeInTheDocument();
  });

  it('disables with a code or a recovery code, showing the server refusal under the field', async () => {
    let enabled = true;
    const fetch = stubFetch({
      'GET /api/auth/totp': () => ({ body: { enabled, recoveryCodesLeft: enabled ? 7 : 0 } }),
      'POST /api/auth/totp/disable': ({ body }) => {
        if ((body as { code: string }).code !== 'abcde-23456') return { status: 400, body: { error: twoFactorTexts.codeInvalid } };
        enabled = false;
        return { body: { message: twoFactorTexts.disabled } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderSection();
    expect(await screen.findByText(twoFactorTexts.recoveryLeft(7))).toBeInTheDocument();
    const field = screen.getByLabelText(/^Code de vérification ou code de secours/);
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.disableButton }));
    expect(await screen.findByText(twoFactorTexts.codeInvalid)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'ABCDE-23456');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.disableButton }));
    expect(await screen.findByText(twoFactorTexts.statusOff)).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/totp/disable').at(-1)).toEqual({ code: 'abcde-23456' });
    await waitFor(() => expect(screen.getByText(twoFactorTexts.disabled)).toBeInTheDocument());
  });
});
