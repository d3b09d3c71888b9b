import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInForEachTest, renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { CategoryFormModal } from './category-form.tsx';

loggedInForEachTest();

describe('the origins category form', () => {
  it('sends a new category with its position at the end of the list, as the spec’s payload says', async () => {
    const fetch = stubFetch({ 'POST /api/origins/admin/categories': { status: 201, body: { data: {} } } });
    const onClose = vi.fn();
    renderWithProviders(<CategoryFormModal category={null} endPosition={4} onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Titre/ }), 'Les débuts');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Dans la cuisine de Claire.');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBodies(fetch, 'POST', '/api/origins/admin/categories')).toEqual([{ title: 'Les débuts', description: 'Dans la cuisine de Claire.', position: 4, publishAt: null, unpublishAt: null }]);
  });

  it('keeps the position of a category being edited', async () => {
    const category = { id: 7, title: 'Avant', description: null, position: 2, published: true, events: [] };
    const fetch = stubFetch({ 'PUT /api/origins/admin/categories/7': { status: 200, body: { data: category } } });
    const onClose = vi.fn();
    renderWithProviders(<CategoryFormModal category={category} endPosition={4} onClose={onClose} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBodies(fetch, 'PUT', '/api/origins/admin/categories/7')).toEqual([{ title: 'Avant', description: null, position: 2, publishAt: null, unpublishAt: null }]);
  });
});
