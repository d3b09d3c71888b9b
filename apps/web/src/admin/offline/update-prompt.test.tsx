import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { CHECK_IN_KEY, doorClient, type CheckInVariables } from '../reservations/door/door-client.ts';
import { offerUpdate } from './service-worker.ts';
import { UpdatePrompt } from './update-prompt.tsx';

afterEach(() => {
  act(() => offerUpdate(null));
  onlineManager.setOnline(true);
  doorClient().clear();
  localStorage.clear();
});

describe('a new version of the backoffice', () => {
  it('is offered with « Mettre à jour » and applied only when the volunteer asks', async () => {
    const apply = vi.fn();
    render(<UpdatePrompt />);
    expect(screen.queryByRole('button', { name: 'Mettre à jour' })).toBeNull();
    act(() => offerUpdate(apply));
    expect(screen.getByRole('status')).toHaveTextContent('Une nouvelle version de l’administration est prête.');
    expect(apply).not.toHaveBeenCalled();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Mettre à jour' }));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('waits while the phone is offline or check-ins wait to be sent (an open door screen is never interrupted)', () => {
    render(<UpdatePrompt />);
    act(() => offerUpdate(vi.fn()));
    act(() => onlineManager.setOnline(false));
    expect(screen.queryByRole('button', { name: 'Mettre à jour' })).toBeNull();

    const client = doorClient();
    const variables: CheckInVariables = { id: 1, performanceId: 7, checkedIn: true, tappedAt: '2026-12-03T19:02:58.000Z', deviceId: 'telephone-1', name: 'Marie Dupont' };
    act(() => void client.getMutationCache().build(client, { mutationKey: CHECK_IN_KEY }).execute(variables).catch(() => undefined));
    act(() => onlineManager.setOnline(true));
    // Back online, the check-in is on its way (no server here: it stays pending): still no offer.
    expect(client.isMutating()).toBe(1);
    expect(screen.queryByRole('button', { name: 'Mettre à jour' })).toBeNull();
    act(() => client.clear());
    expect(screen.getByRole('button', { name: 'Mettre à jour' })).toBeInTheDocument();
  });
});
